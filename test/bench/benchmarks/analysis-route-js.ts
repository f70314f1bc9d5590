import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { launchChromium } from '../../support/chromium';
import { fileForSitePath, gzipSize, scriptsLoadedFor, serveBuiltSite } from '../support/initial-js';
import { benchResult, type Benchmark } from '../types';

const kB = (bytes: number) => bytes / 1000;
/** Marks recharts in a built chunk (its class names survive minification). */
const RECHARTS_MARKER = 'recharts-bar-rectangle';

/** The least any chart screen ships: recharts' bar chart pieces, minified, with React left to the entry. */
async function rechartsFloorBytes(rootDir: string): Promise<number> {
  const result = await build({
    stdin: {
      contents: "export { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';",
      resolveDir: rootDir,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output for the recharts floor');
  return gzipSize(output.contents);
}

const benchmark: Benchmark = {
  name: 'analysis-route-js-gzip',
  description:
    "gzip kB of the scripts /analysis loads lazily on top of what the landing page loaded (page chunk, recharts, demo data), from web/dist in headless Chromium; floor: recharts' bar chart alone (esbuild)",
  async run(ctx) {
    const distDir = await ctx.webDist();
    const floorBytes = await rechartsFloorBytes(ctx.rootDir);
    const site = await serveBuiltSite(distDir);
    const browser = await launchChromium();
    try {
      const landing = await scriptsLoadedFor(browser, site.url, '/');
      const withRecharts = landing.filter((path) =>
        readFileSync(fileForSitePath(distDir, path), 'utf8').includes(RECHARTS_MARKER),
      );
      if (withRecharts.length > 0)
        throw new Error(
          `the landing page loads recharts (${withRecharts.join(', ')}): the analysis route is no longer lazy`,
        );

      // Demo mode draws the whole screen without an API behind the site.
      // Scrolled to the end: the charts (recharts) load as they near the viewport.
      const analysis = await scriptsLoadedFor(browser, site.url, '/analysis?demo=true', { scrollToEnd: true });
      const lazy = analysis.filter((path) => !landing.includes(path));
      if (!lazy.some((path) => readFileSync(fileForSitePath(distDir, path), 'utf8').includes(RECHARTS_MARKER))) {
        throw new Error(
          '/analysis loaded no recharts chunk: the screen did not render its charts, so the measurement would be meaningless',
        );
      }
      const bytes = lazy.reduce((sum, path) => sum + gzipSize(readFileSync(fileForSitePath(distDir, path))), 0);
      ctx.log(
        `/analysis: ${lazy.length} lazy scripts, ${kB(bytes).toFixed(1)} kB gzip: ${lazy.map((p) => p.replace('/assets/', '')).join(' ')}`,
      );
      return [
        benchResult({
          name: 'analysis-route-js-gzip',
          value: Math.round(kB(bytes) * 10) / 10,
          unit: 'kB',
          floor: Math.round(kB(floorBytes) * 10) / 10,
          goal: null,
        }),
      ];
    } finally {
      await browser.close();
      await site.close();
    }
  },
};

export default benchmark;
