/**
 * `npm run check:budget`: CI's quick check that the public pages' initial JS stays within budget. Measures the
 * already built web/dist (run `npm run build:web` first; nothing is built here) the way the initial-js-gzip
 * benchmark does, in headless Chromium, and exits 1 when / or /login loads more than 160 kB gzip, loads Amplify, demo or
 * analysis code (or zod, on /), when /, /terms or the demo dashboard fetches /config.json, or when /, /login, /terms or the not-found page
 * (any unknown path) would need JavaScript to show its main heading (the prerendered HTML must paint it), or when /,
 * /terms or the not-found page links or loads app code for a signed-out visitor (only their own script of at most
 * 1 kB gzip) or their phone menu fails with JavaScript on or off, or when a
 * signed-in screen would need it to show the layout shell (header and page frame), or when /dashboard or /analysis
 * would load recharts before showing their figures (the charts load lazily, after the first paint), or when /, /login
 * or /terms throw their prerendered HTML away as they hydrate instead of hydrating it in place, or when /login waits
 * for /config.json before its sign-in form can be used, or when a page downloads the stylesheet its HTML has inline,
 * or when the demo dashboard or analysis loads zod (the shared schemas) or the HTTP API client before its figures,
 * or when a chunk bundles a library's development build, or when React DOM is bundled with the app's start, or when
 * the demo dashboard or analysis fetches a demo area before its figures that index.html does not preload for it, or
 * more than 20 scripts in all before its figures, or when the layout shell's spinner's animations could show it or start within 800 ms.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_AREA_MODULES, DEMO_CHUNKS_ID } from '../../web/src/app/demo-areas';
import type { PageId } from '../../web/src/lib/paths';
import { launchChromium } from '../support/chromium';
import { INITIAL_JS_BUDGET_KB } from './benchmarks/initial-js-gzip';
import { chunkBundling, entryChunk, sourcesOf, staticClosure } from './support/chunk-graph';
import { fileForSitePath, gzipSize, scriptsLoadedFor, serveBuiltSite } from './support/initial-js';
import {
  codeIn,
  fetchesRuntimeConfig,
  FORBIDDEN_BEFORE_FIGURES,
  forbiddenCodeIn,
  prerenderedElementsLostInHydration,
  interactiveWithoutConfig,
  stylesheetsRequested,
  mainHeadingWithoutJs,
  paintsLayoutWithoutJs,
  scriptsBeforeFigures,
  shellSpinnerStart,
  staticPageLinks,
  staticPhoneMenu,
} from './support/public-pages';

const PUBLIC_ROUTES = ['/', '/login'];
/** Pages whose main heading must paint from HTML besides PUBLIC_ROUTES': terms, and the not-found page. */
const HEADING_FROM_HTML = ['/terms', '/no-such-trail'];
/** Prerendered pages a signed-out visitor's browser hydrates: every painted element must stay (no second render). */
const HYDRATED_IN_PLACE = ['/login'];
/**
 * Static pages (web/src/prerender/pages.ts): their HTML links no app code (no app script, no modulepreload), a
 * signed-out visitor's browser downloads only the page's own small script (web/src/static-page.ts), and the phone
 * menu opens, closes and leads on with JavaScript off and on.
 */
const STATIC_PAGES = ['/', '/terms', '/no-such-trail'];
/** The most a static page's own script may weigh (gzip): a few hundred bytes, the app's entry alone is more. */
const STATIC_PAGE_JS_MAX_BYTES = 1_000;
const REACT_DOM = /node_modules\/react-dom\//;
/** Sign-in hydrates without the runtime config; it loads beside it (only signing in and the API need it). */
const INTERACTIVE_WITHOUT_CONFIG = ['/login'];
/** Signed-in screens: index.html paints the layout shell while the app loads. */
const SHELL_FROM_HTML = ['/dashboard', '/analysis?demo=true'];
/**
 * The shell's loading spinner stays invisible and still this long: a wait shorter than that shows no spinner, and it
 * does not animate while the app starts (in software compositing it took main-thread time from the start).
 */
const SPINNER_QUIET_MS = 800;
/** Screens that show figures first: recharts must not be among the chunks their page module needs to run. */
const FIGURES_BEFORE_CHARTS: Record<string, string> = {
  '/dashboard': 'src/features/dashboard/routes/dashboard-page.tsx',
  '/analysis': 'src/features/analysis/routes/analysis-page.tsx',
};
/** Where the analysis screen's charts are: recharts must be in the chunks this module needs (else the check is moot). */
const CHART_MODULE = 'src/features/analysis/components/trend-bar-chart.tsx';
const RECHARTS = /node_modules\/recharts\//;

/** The chunk that bundles `source`; a check naming a source no chunk bundles is out of date with the app. */
function chunkOf(distDir: string, source: string): string {
  const chunk = chunkBundling(distDir, source);
  if (!chunk) throw new Error(`no chunk bundles ${source}: update check:budget`);
  return chunk;
}

/** The messages of the figures-before-charts checks over the built chunk graph (no browser needed). */
function chartChecks(distDir: string): { failed: boolean; message: string }[] {
  const withRecharts = (chunks: string[]) =>
    chunks.filter((chunk) => sourcesOf(distDir, chunk).some((source) => RECHARTS.test(source)));
  const checks = Object.entries(FIGURES_BEFORE_CHARTS).map(([path, source]) => {
    const early = withRecharts(staticClosure(distDir, [entryChunk(distDir), chunkOf(distDir, source)]));
    return {
      failed: early.length > 0,
      message: `${path.padEnd(8)} ${early.length > 0 ? `loads recharts before its figures (${early.join(', ')})` : 'loads recharts only after its figures'}`,
    };
  });
  const chartChunk = chunkBundling(distDir, CHART_MODULE);
  const charts = chartChunk ? withRecharts(staticClosure(distDir, [chartChunk])) : [];
  checks.push({
    failed: charts.length === 0,
    message: `charts   ${charts.length === 0 ? `recharts is not loaded lazily with ${CHART_MODULE}` : `recharts loads lazily with ${CHART_MODULE}`}`,
  });
  return checks;
}
/** A library's development build in the SPA (React Router 7's package exports name only that one: web/vite.config.ts). */
const DEVELOPMENT_BUILD = /node_modules\/(?:[^/]+\/)*(?:dist\/development\/|[^/]*\.development\.js$)/;

/** The message of the production-builds check over every built chunk (no browser needed). */
function productionBuildsCheck(distDir: string): { failed: boolean; message: string } {
  const chunks = readdirSync(join(distDir, 'assets')).filter((file) => file.endsWith('.js'));
  const dev = chunks.flatMap((chunk) =>
    sourcesOf(distDir, `/assets/${chunk}`).filter((source) => DEVELOPMENT_BUILD.test(source)),
  );
  return {
    failed: dev.length > 0,
    message: `chunks   ${dev.length > 0 ? `bundle development builds (${[...new Set(dev)].join(', ')})` : 'bundle only production builds of their libraries'}`,
  };
}

const REACT_DOM_CLIENT = 'node_modules/react-dom/cjs/react-dom-client.production.js';
const APP_START = 'src/boot.tsx';

/**
 * The message of the React-DOM-apart check over the built chunks (no browser needed). The entry evaluates React DOM,
 * then the app, each in a task of its own (web/src/main.tsx); bundled into one chunk, both would evaluate in one long
 * task after a public page's first paint, which Lighthouse counts as blocking time.
 */
function reactDomApartCheck(distDir: string): { failed: boolean; message: string } {
  const reactDom = chunkOf(distDir, REACT_DOM_CLIENT);
  const app = chunkOf(distDir, APP_START);
  return {
    failed: reactDom === app,
    message: `chunks   ${reactDom === app ? `bundle React DOM with the app's start (${app}): both evaluate in one task` : "keep React DOM apart from the app's start (each evaluates in a task of its own)"}`,
  };
}
/** Every page has the stylesheet inline: none may download it again (the app's lazy chunks did, with split CSS). */
const STYLESHEET_INLINE = ['/', '/login', '/dashboard?demo=true', '/analysis?demo=true'];
/**
 * The demo screens, with the screen each shows. Before their figures show, neither zod nor the HTTP API client may
 * load, and every demo area they fetch must have been preloaded (listed in index.html for the screen).
 */
const DEMO_SCREENS = { '/dashboard?demo=true': 'dashboard', '/analysis?demo=true': 'analysis' } as const;
/**
 * Scripts the demo dashboard or analysis may fetch before its figures: each fetch costs a round trip and main-thread
 * time, and with a chunk per shared module the dashboard fetched 33 (web/vite.config.ts inlines the small ones).
 */
const MAX_SCRIPTS_BEFORE_FIGURES = 20;

/** The chunks of the demo client's areas (every module DEMO_AREA_MODULES names, for any screen). */
function demoAreaChunks(distDir: string): Set<string> {
  const modules = new Set(Object.values(DEMO_AREA_MODULES).flat());
  return new Set([...modules].map((module) => chunkOf(distDir, module.replace(/^(\.\.\/)+/, ''))));
}

/** The chunks index.html lists for `page`'s demo areas: what the entry preloads for it in demo mode. */
function listedDemoChunks(distDir: string, page: PageId): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const block = new RegExp(`<script type="application/json" id="${DEMO_CHUNKS_ID}">([^<]*)</script>`).exec(html);
  return block ? ((JSON.parse(block[1]!) as Partial<Record<PageId, string[]>>)[page] ?? []) : [];
}

/** Pages that need no runtime config: only signing in (and the real API) does; demo mode runs in the browser. */
const WITHOUT_CONFIG = ['/', '/terms', '/dashboard?demo=true'];

async function main(): Promise<number> {
  const distDir = join(resolve(fileURLToPath(import.meta.url), '../../..'), 'web', 'dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error('web/dist is missing: run `npm run build:web` first.');
    return 1;
  }
  let over = 0;
  const report = (failed: boolean, message: string) => {
    if (failed) over++;
    console.log(`${failed ? 'FAIL  ' : 'ok    '} ${message}`);
  };
  for (const { failed, message } of [
    ...chartChecks(distDir),
    productionBuildsCheck(distDir),
    reactDomApartCheck(distDir),
  ])
    report(failed, message);
  const site = await serveBuiltSite(distDir);
  const browser = await launchChromium();
  // The scripts a page loads, read once: the budget and the static-page checks both ask for `/`'s.
  const loaded = new Map<string, Promise<string[]>>();
  const scriptsOf = (path: string) => {
    if (!loaded.has(path)) loaded.set(path, scriptsLoadedFor(browser, site.url, path));
    return loaded.get(path)!;
  };
  try {
    for (const path of PUBLIC_ROUTES) {
      const scripts = await scriptsOf(path);
      const kB =
        scripts.reduce((sum, script) => sum + gzipSize(readFileSync(fileForSitePath(distDir, script))), 0) / 1000;
      const within = kB <= INITIAL_JS_BUDGET_KB;
      if (!within) over++;
      console.log(
        `${within ? 'ok    ' : 'OVER  '} ${path.padEnd(8)} ${kB.toFixed(1)} kB gzip initial JS (budget ${INITIAL_JS_BUDGET_KB} kB, ${scripts.length} scripts)`,
      );
      for (const [script, labels] of forbiddenCodeIn(distDir, scripts, path)) {
        over++;
        console.log(`FAIL   ${path.padEnd(8)} loads ${script}, which bundles ${labels.join(', ')} code`);
      }
    }
    for (const path of [...PUBLIC_ROUTES, ...HEADING_FROM_HTML]) {
      const heading = await mainHeadingWithoutJs(browser, site.url, path);
      report(
        heading === null,
        `${path.padEnd(8)} ${heading === null ? 'needs JavaScript to show its main heading (is it prerendered?)' : `paints "${heading}" from HTML`}`,
      );
    }
    for (const path of STATIC_PAGES) {
      const links = await staticPageLinks(site.url, path);
      const linksApp =
        links.modulePreloads.length > 0 ||
        links.scripts.length !== 1 ||
        links.appEntry === undefined ||
        links.scripts.includes(links.appEntry);
      report(
        linksApp,
        `${path.padEnd(8)} ${linksApp ? `links app code in its HTML (scripts ${links.scripts.join(', ') || 'none'}; modulepreloads ${links.modulePreloads.join(', ') || 'none'}; app entry ${links.appEntry ?? 'not named'})` : 'links only its own script in its HTML, no app script or modulepreload'}`,
      );
      const loaded = await scriptsOf(path);
      const bytes = loaded.reduce((sum, script) => sum + gzipSize(readFileSync(fileForSitePath(distDir, script))), 0);
      const onlyItsOwn = loaded.length === 1 && loaded[0] === links.scripts[0];
      report(
        !onlyItsOwn || bytes > STATIC_PAGE_JS_MAX_BYTES,
        `${path.padEnd(8)} ${onlyItsOwn ? `downloads only its own script, ${bytes} B gzip (at most ${STATIC_PAGE_JS_MAX_BYTES} B)` : `downloads ${loaded.join(', ')} signed out (only its own script may load)`}`,
      );
      const withReact = loaded.filter((script) => sourcesOf(distDir, script).some((source) => REACT_DOM.test(source)));
      report(
        withReact.length > 0,
        `${path.padEnd(8)} ${withReact.length > 0 ? `loads React DOM (${withReact.join(', ')}) though it is static` : 'loads no React: read from its HTML'}`,
      );
      for (const javaScript of [true, false]) {
        const menu = await staticPhoneMenu(browser, site.url, path, javaScript);
        const how = javaScript ? 'with JavaScript' : 'without JavaScript';
        report(
          menu !== 'works',
          `${path.padEnd(8)} ${menu === 'works' ? `opens and closes its phone menu, and leads on from it, ${how}` : `phone menu ${how}: ${menu}`}`,
        );
      }
    }
    for (const path of HYDRATED_IN_PLACE) {
      const lost = await prerenderedElementsLostInHydration(browser, site.url, path);
      report(
        lost === null || lost.length > 0,
        `${path.padEnd(8)} ${
          lost === null
            ? 'never hydrates its prerendered HTML'
            : lost.length > 0
              ? `throws away part of its prerendered HTML as it hydrates: ${lost.join(', ')}`
              : 'hydrates its prerendered HTML in place, every element of it'
        }`,
      );
    }
    for (const path of INTERACTIVE_WITHOUT_CONFIG) {
      const interactive = await interactiveWithoutConfig(browser, site.url, path);
      report(
        !interactive,
        `${path.padEnd(8)} ${interactive ? 'hydrates its sign-in form without waiting for /config.json' : 'waits for /config.json before its sign-in form can be used'}`,
      );
    }
    for (const path of SHELL_FROM_HTML) {
      const painted = await paintsLayoutWithoutJs(browser, site.url, path);
      report(
        !painted,
        `${path.padEnd(8)} ${painted ? 'paints the layout shell from HTML' : 'needs JavaScript to show its header and page frame'}`,
      );
    }
    const spinner = await shellSpinnerStart(browser, site.url, SHELL_FROM_HTML[0]!);
    const spinnerQuiet =
      spinner !== null && spinner.hiddenUntilMs >= SPINNER_QUIET_MS && spinner.firstAnimationMs >= SPINNER_QUIET_MS;
    report(
      !spinnerQuiet,
      `shell    ${
        spinner === null
          ? 'has no loading spinner to check (update check:budget)'
          : spinnerQuiet
            ? `shows its spinner only after ${SPINNER_QUIET_MS} ms, and animates nothing before`
            : `may show or animate its spinner before ${SPINNER_QUIET_MS} ms (hidden until ${spinner.hiddenUntilMs} ms, first animation at ${spinner.firstAnimationMs} ms)`
      }`,
    );
    for (const path of STYLESHEET_INLINE) {
      const requested = await stylesheetsRequested(browser, site.url, path);
      report(
        requested.length > 0,
        `${path.padEnd(8)} ${requested.length > 0 ? `downloads ${requested.join(', ')} though its HTML has the stylesheet inline` : 'downloads no stylesheet (it is inline)'}`,
      );
    }
    const demoAreas = demoAreaChunks(distDir);
    for (const [path, page] of Object.entries(DEMO_SCREENS)) {
      const beforeFigures = await scriptsBeforeFigures(browser, site.url, path);
      const listed = listedDemoChunks(distDir, page);
      const late = beforeFigures.filter((script) => demoAreas.has(script) && !listed.includes(script));
      report(
        late.length > 0,
        `${path.padEnd(8)} ${late.length > 0 ? `fetches ${late.join(', ')} before its figures without index.html preloading it (list its module in DEMO_AREA_MODULES)` : 'preloads the demo areas it needs before its figures'}`,
      );
      const fetched = new Set(beforeFigures).size;
      report(
        fetched > MAX_SCRIPTS_BEFORE_FIGURES,
        `${path.padEnd(8)} fetches ${fetched} scripts before its figures (at most ${MAX_SCRIPTS_BEFORE_FIGURES})`,
      );
      const early = codeIn(distDir, beforeFigures, FORBIDDEN_BEFORE_FIGURES);
      const found = [...early].map(([script, labels]) => `${script} (${labels.join(', ')})`);
      report(
        found.length > 0,
        `${path.padEnd(8)} ${found.length > 0 ? `loads ${found.join(', ')} before its figures` : 'shows its figures without zod or the HTTP API client'}`,
      );
    }
    for (const path of WITHOUT_CONFIG) {
      const fetched = await fetchesRuntimeConfig(browser, site.url, path);
      report(
        fetched,
        `${path.padEnd(8)} ${fetched ? 'fetches /config.json (only sign-in and the real API need it)' : 'does not fetch /config.json'}`,
      );
    }
  } finally {
    await browser.close();
    await site.close();
  }
  if (over > 0)
    console.error(
      `${over} public-page check${over === 1 ? '' : 's'} failed: see npm run bench -- initial-js for the scripts each route loads.`,
    );
  return over > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`check:budget failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
