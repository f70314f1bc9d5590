/**
 * `npm run bench [-- <name>…]`: runs the benchmarks in test/bench/benchmarks/, prints one table and
 * writes .bench/latest.json. Exits non-zero only when something crashed; missed targets show as MISSED.
 * `npm run bench -- --list` lists the benchmarks. BENCH_VERBOSE=1 shows the local stack's log.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createBenchContext } from './context';
import { formatTable, invalidResult } from './report';
import type { Benchmark, BenchResult } from './types';

const rootDir = resolve(fileURLToPath(import.meta.url), '../../..');
const benchmarksDir = join(rootDir, 'test', 'bench', 'benchmarks');
const verbose = Boolean(process.env.BENCH_VERBOSE);

// Handlers run in-process during some benchmarks; their per-request logs would bury the table.
process.env.POWERTOOLS_LOG_LEVEL ??= verbose ? 'INFO' : 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const errorMessage = (error: unknown) =>
  error instanceof Error ? (verbose ? (error.stack ?? error.message) : error.message) : String(error);

interface LoadedModule {
  file: string;
  benchmark?: Benchmark;
  error?: string;
}

function isBenchmark(value: unknown): value is Benchmark {
  const b = value as Partial<Benchmark> | undefined;
  return typeof b?.name === 'string' && typeof b.description === 'string' && typeof b.run === 'function';
}

async function loadBenchmarks(): Promise<LoadedModule[]> {
  const files = readdirSync(benchmarksDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
    .sort();
  const loaded: LoadedModule[] = [];
  for (const file of files) {
    try {
      const module = (await import(pathToFileURL(join(benchmarksDir, file)).href)) as { default?: unknown };
      if (!isBenchmark(module.default)) throw new Error('its default export is not { name, description, run }');
      loaded.push({ file, benchmark: module.default });
    } catch (error) {
      loaded.push({ file, error: `${file} could not be loaded: ${errorMessage(error)}` });
    }
  }
  return loaded;
}

/** A name selects a benchmark by its name or file name, or by a prefix/extension at a '-' boundary ('initial-js' or 'initial-js-gzip-login' select 'initial-js-gzip'). */
function selects(requested: string, module: LoadedModule): boolean {
  const names = [basename(module.file, '.ts'), ...(module.benchmark ? [module.benchmark.name] : [])];
  return names.some(
    (name) => requested === name || name.startsWith(`${requested}-`) || requested.startsWith(`${name}-`),
  );
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const modules = await loadBenchmarks();

  if (args.includes('--list')) {
    for (const { file, benchmark, error } of modules)
      console.log(
        benchmark ? `${benchmark.name.padEnd(28)} ${benchmark.description}` : `${file.padEnd(28)} (broken: ${error})`,
      );
    return 0;
  }

  const requested = args.filter((arg) => !arg.startsWith('--'));
  const unknown = requested.filter((name) => !modules.some((module) => selects(name, module)));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Available: ${modules.map((m) => m.benchmark?.name ?? basename(m.file, '.ts')).join(', ')}`,
    );
    return 2;
  }
  const selected =
    requested.length === 0 ? modules : modules.filter((module) => requested.some((name) => selects(name, module)));

  const crashes: string[] = [];
  const fileByName = new Map<string, string>();
  const duplicateNames = new Set<string>();
  for (const { benchmark, file } of selected) {
    if (!benchmark) continue;
    const previous = fileByName.get(benchmark.name);
    if (previous) {
      crashes.push(`${file} and ${previous} both call themselves '${benchmark.name}'`);
      duplicateNames.add(benchmark.name);
    }
    fileByName.set(benchmark.name, file);
  }
  for (const module of selected) if (module.error) crashes.push(module.error);

  const { ctx, stop } = createBenchContext({ rootDir, log, verbose });
  const interrupted = () => {
    log('interrupted: stopping what was started');
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  const results: BenchResult[] = [];
  try {
    for (const { benchmark } of selected) {
      if (!benchmark || duplicateNames.has(benchmark.name)) continue;
      log(`${benchmark.name}: ${benchmark.description}`);
      const started = performance.now();
      try {
        const produced = await benchmark.run(ctx);
        if (!Array.isArray(produced) || produced.length === 0) throw new Error('run() returned no results');
        for (const result of produced) {
          const problem = invalidResult(result);
          if (problem) throw new Error(`invalid result: ${problem}`);
          if (results.some((r) => r.name === result.name))
            throw new Error(`result '${result.name}' was already reported`);
        }
        // Only the six contract fields go to the table and the JSON.
        results.push(
          ...produced.map(({ name, value, unit, floor, target, ok }) => ({ name, value, unit, floor, target, ok })),
        );
        log(`${benchmark.name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        crashes.push(`${benchmark.name} crashed: ${errorMessage(error)}`);
        log(`${benchmark.name}: CRASHED after ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    }
  } finally {
    await stop();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }

  mkdirSync(join(rootDir, '.bench'), { recursive: true });
  writeFileSync(join(rootDir, '.bench', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);

  console.log(`\n${formatTable(results)}\n`);
  const missed = results.filter((r) => !r.ok).length;
  console.log(
    `${results.length} results, ${missed} missed target${missed === 1 ? '' : 's'}, ${crashes.length} crashed. Written to .bench/latest.json`,
  );
  for (const crash of crashes) console.error(`CRASHED: ${crash}`);
  return crashes.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench failed: ${errorMessage(error)}`);
    process.exit(1);
  },
);
