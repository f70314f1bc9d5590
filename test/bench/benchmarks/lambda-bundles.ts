import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { ROUTES, SCHEDULED_JOBS } from '../../../functions/shared/routes';
import { bundleParts, HEAVY_PACKAGE_KB, HOUSE_BUNDLING, heavyPackages } from '../support/lambda-bundling';
import { benchResult, type Benchmark } from '../types';

/** Cold starts stay small. */
const TARGET_KB = 250;
/** Module load: one fresh Node process per bundle, then the slowest few again, for the median of this many. */
const LOAD_RUNS = 3;
const RECHECKED_SLOWEST = 3;

/** Milliseconds a fresh Node process takes to import the bundle (what a cold start pays before the handler runs). */
function loadTimeMs(file: string, runs: number): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(`file://${file}`)}); process.stdout.write(String(performance.now() - t));`;
  const times = Array.from({ length: runs }, () =>
    Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        encoding: 'utf8',
        env: { ...process.env, AWS_REGION: 'us-east-1', POWERTOOLS_LOG_LEVEL: 'SILENT' },
      }),
    ),
  );
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const benchmark: Benchmark = {
  name: 'lambda-bundles',
  description: `minified size (esbuild, as the CDK bundles them) and module load time of every Lambda (each route and scheduled job), and bundles carrying a package over ${HEAVY_PACKAGE_KB} kB not allowed by name; floor: an empty handler bundled the same way`,
  async run(ctx) {
    // Inside the repository, so the bundles resolve the external AWS SDK from node_modules when loaded.
    const outDir = join(ctx.rootDir, '.bench', 'bundles');
    mkdirSync(outDir, { recursive: true });
    try {
      const bundleOf = async (id: string, options: Pick<BuildOptions, 'entryPoints' | 'stdin'>, runs = 1) => {
        const outfile = join(outDir, `${id}.mjs`);
        const { metafile } = await build({
          ...HOUSE_BUNDLING,
          ...options,
          outfile,
          absWorkingDir: ctx.rootDir,
          metafile: true,
        });
        const kB = statSync(outfile).size / 1000;
        const parts = bundleParts(Object.values(metafile.outputs)[0]!);
        return { id, outfile, kB, parts, loadMs: loadTimeMs(outfile, runs) };
      };
      const emptyFile = join(outDir, 'empty-entry.mjs');
      writeFileSync(emptyFile, 'export const handler = async () => ({ statusCode: 200 });\n');
      const floor = await bundleOf('floor-empty-handler', { entryPoints: [emptyFile] }, LOAD_RUNS);

      const functions = [
        ...ROUTES.map((r) => ({ id: r.id, entry: r.entry })),
        ...SCHEDULED_JOBS.map((j) => ({ id: j.id, entry: j.entry })),
      ];
      const measured = [];
      for (const fn of functions) {
        const bundle = await bundleOf(fn.id, { entryPoints: [join(ctx.rootDir, fn.entry)] });
        measured.push(bundle);
        ctx.log(
          `${fn.id.padEnd(48)} ${bundle.kB.toFixed(1).padStart(7)} kB  load ${bundle.loadMs.toFixed(1).padStart(6)} ms${bundle.kB > TARGET_KB ? '  OVER' : ''}`,
        );
      }
      // One process per bundle is noisy; the slowest ones are measured again and keep their median.
      for (const bundle of [...measured].sort((a, b) => b.loadMs - a.loadMs).slice(0, RECHECKED_SLOWEST))
        bundle.loadMs = loadTimeMs(bundle.outfile, LOAD_RUNS);
      const r1 = (n: number) => Math.round(n * 10) / 10;
      const largest = measured.reduce((a, b) => (b.kB > a.kB ? b : a));
      const slowest = measured.reduce((a, b) => (b.loadMs > a.loadMs ? b : a));
      const sizes = measured.map((m) => m.kB).sort((a, b) => a - b);
      const loads = measured.map((m) => m.loadMs).sort((a, b) => a - b);
      // Every function's figures, slowest load first: the table keeps the extremes, this file (and the log) has them all.
      const perFunction = [...measured]
        .sort((a, b) => b.loadMs - a.loadMs)
        .map(({ id, kB, loadMs }) => ({ id, kB: r1(kB), loadMs: r1(loadMs) }));
      writeFileSync(
        join(ctx.rootDir, '.bench', 'lambda-bundles.json'),
        `${JSON.stringify({ floor: { kB: r1(floor.kB), loadMs: r1(floor.loadMs) }, functions: perFunction }, null, 2)}\n`,
      );
      ctx.log(
        `module load per function (ms, slowest first; also .bench/lambda-bundles.json): ${perFunction.map((f) => `${f.id} ${f.loadMs}`).join(', ')}`,
      );
      const byPackage = (parts: ReturnType<typeof bundleParts>) =>
        parts
          .slice(0, 5)
          .map((part) => `${part.name} ${part.kB.toFixed(1)}`)
          .join(', ');
      for (const bundle of [...measured].sort((a, b) => b.kB - a.kB).slice(0, 3))
        ctx.log(`${bundle.id} (${bundle.kB.toFixed(1)} kB) is made of (kB): ${byPackage(bundle.parts)}`);
      const heavy = measured.flatMap((m) => heavyPackages(m.parts).map((part) => `${m.id}: ${part.name}`));
      if (heavy.length > 0)
        ctx.log(
          `HEAVY: ${heavy.length} bundle(s) carry a package over ${HEAVY_PACKAGE_KB} kB not in HEAVY_PACKAGES_ALLOWED (test/bench/support/lambda-bundling.ts): ${heavy.join('; ')}`,
        );
      ctx.log(
        `largest: ${largest.id} (${largest.kB.toFixed(1)} kB); slowest to load: ${slowest.id} (${slowest.loadMs.toFixed(1)} ms); ${measured.filter((m) => m.kB > TARGET_KB).length} of ${measured.length} over ${TARGET_KB} kB`,
      );
      return [
        benchResult({
          name: 'lambda-heavy-packages',
          value: heavy.length,
          unit: 'bundles',
          floor: null,
          goal: { atMost: 0 },
        }),
        benchResult({
          name: 'lambda-bundle-max-kb',
          value: r1(largest.kB),
          unit: 'kB',
          floor: r1(floor.kB),
          goal: { atMost: TARGET_KB },
        }),
        benchResult({
          name: 'lambda-bundle-median-kb',
          value: r1(sizes[Math.floor(sizes.length / 2)]!),
          unit: 'kB',
          floor: r1(floor.kB),
          goal: null,
        }),
        benchResult({
          name: 'lambda-load-median-ms',
          value: r1(loads[Math.floor(loads.length / 2)]!),
          unit: 'ms',
          floor: r1(floor.loadMs),
          goal: null,
        }),
        benchResult({
          name: 'lambda-load-max-ms',
          value: r1(slowest.loadMs),
          unit: 'ms',
          floor: r1(floor.loadMs),
          goal: null,
        }),
      ];
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
