import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../../support/chromium';
import {
  fileForSitePath,
  gzipSize,
  reactAndRouterFloorBytes,
  scriptsLoadedFor,
  serveBuiltSite,
  staticInitialScripts,
} from '../support/initial-js';
import { benchResult, type Benchmark, type BenchResult } from '../types';

/**
 * The public routes must stay within the budget (`npm run check:budget` enforces it in CI); the signed-in screens
 * are reported beside them, opened in demo mode so they render with no API behind the site. The landing, terms and
 * not-found pages are static (web/src/prerender/pages.ts): a signed-out visitor loads only their own small script.
 */
const ROUTES = [
  { id: 'landing', path: '/', budgeted: true },
  { id: 'login', path: '/login', budgeted: true },
  { id: 'terms', path: '/terms', budgeted: true },
  { id: 'not-found', path: '/no-such-trail', budgeted: true },
  { id: 'dashboard', path: '/dashboard?demo=true', budgeted: false },
  { id: 'analysis', path: '/analysis?demo=true', budgeted: false },
] as const;
export const INITIAL_JS_BUDGET_KB = 160;
const kB = (bytes: number) => bytes / 1000;

const benchmark: Benchmark = {
  name: 'initial-js-gzip',
  description:
    'gzip kB of the JS headless Chromium loads to first render /, /login, /terms, the not-found page, /dashboard and /analysis (demo) from web/dist; floor: React + React DOM + React Router alone (esbuild)',
  async run(ctx) {
    const distDir = await ctx.webDist();
    const floorBytes = await reactAndRouterFloorBytes(ctx.rootDir);
    const appShell = staticInitialScripts(distDir, readFileSync(join(distDir, 'index.html'), 'utf8'));
    const appShellBytes = [...appShell].reduce(
      (sum, path) => sum + gzipSize(readFileSync(fileForSitePath(distDir, path))),
      0,
    );
    ctx.log(
      `the app shell's (index.html's) entry, modulepreloads and their static imports alone: ${kB(appShellBytes).toFixed(1)} kB gzip (lazy chunks come on top)`,
    );

    const site = await serveBuiltSite(distDir);
    const browser = await launchChromium();
    const results: BenchResult[] = [];
    try {
      for (const route of ROUTES) {
        // Each route's own HTML (the app shell, or a prerendered page) names what it loads first.
        const html = await (await fetch(`${site.url}${route.path}`)).text();
        const named = staticInitialScripts(distDir, html);
        if (named.size === 0) throw new Error(`${route.path}: its HTML names no script; the observation is broken`);
        const loaded = await scriptsLoadedFor(browser, site.url, route.path);
        // The browser must at least fetch what the page's HTML names; if not, the observation is broken.
        const unseen = [...named].filter((path) => !loaded.includes(path));
        if (unseen.length > 0)
          throw new Error(`${route.path}: the browser never fetched ${unseen.join(', ')} although its HTML loads it`);
        const bytes = loaded.reduce((sum, path) => sum + gzipSize(readFileSync(fileForSitePath(distDir, path))), 0);
        ctx.log(
          `${route.path}: ${loaded.length} scripts, ${kB(bytes).toFixed(1)} kB gzip: ${loaded.map((p) => p.replace('/assets/', '')).join(' ')}`,
        );
        results.push(
          benchResult({
            name: `initial-js-gzip-${route.id}`,
            value: Math.round(kB(bytes) * 10) / 10,
            unit: 'kB',
            floor: Math.round(kB(floorBytes) * 10) / 10,
            goal: route.budgeted ? { atMost: INITIAL_JS_BUDGET_KB } : null,
          }),
        );
      }
    } finally {
      await browser.close();
      await site.close();
    }
    return results;
  },
};

export default benchmark;
