/**
 * Step 2 of `npm run build:web`: writes the public pages and the not-found page as HTML
 * (web/dist/prerendered/*.html), each the built index.html with the page's markup inside #root, so they paint before
 * (and without) any JavaScript; the app then hydrates them, except a static page, which links only its own small
 * script instead of the app (web/src/static-page.ts), so a signed-out visitor never downloads the app there. Then index.html itself, served for every other path
 * (the signed-in screens), gets the layout shell, so those paint their header and page frame at once too.
 * Step 1 built the SSR entry (web/src/prerender/render.tsx) into web/.prerender.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Rolldown } from 'vite';
import { DEMO_AREA_MODULES, DEMO_CHUNKS_ID } from '../src/app/demo-areas';
import { SCREEN_CHUNKS_ID, SCREEN_MODULES } from '../src/app/screens';
import {
  appStartChunks,
  chunksByScreen,
  screenChunksOf,
  withLowPriorityEntryPreloads,
  withModulePreloads,
  withScreenChunks,
  withStaticPageScript,
  type BuildManifest,
} from '../src/prerender/module-preloads';
import { NOT_FOUND_PAGE, PRERENDERED_DIR, PRERENDERED_PAGES } from '../src/prerender/pages';
import { APP_ENTRY_ATTRIBUTE, STATIC_PAGE_MARK } from '../src/prerender/static-page-mark';

const webDir = resolve(fileURLToPath(import.meta.url), '../..');
const distDir = join(webDir, 'dist');
const ssrDir = join(webDir, '.prerender');
const EMPTY_ROOT = '<div id="root"></div>';

/** The shell with `markup` inside #root (marked, so the app knows to hydrate rather than render). */
export function withPrerenderedRoot(shell: string, markup: string, isStatic = false): string {
  return withRoot(shell, 'data-prerendered', markup, isStatic ? STATIC_PAGE_MARK : '');
}

/** The shell with the layout shell's `markup` inside #root (marked: the app renders over it, never hydrates it). */
export function withLayoutShell(shell: string, markup: string): string {
  return withRoot(shell, 'data-shell', markup);
}

function withRoot(shell: string, marker: string, markup: string, value = ''): string {
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`index.html has no empty ${EMPTY_ROOT} to fill.`);
  return shell.replace(EMPTY_ROOT, () => `<div id="root" ${marker}="${value}">${markup}</div>`);
}

/**
 * The shell with its stylesheet links replaced by the stylesheets themselves: a prerendered page then paints from
 * the HTML response alone, with no render-blocking request (the CSP allows inline styles; the CSS is ~10 kB gzip).
 */
export function withInlinedStylesheets(shell: string, readAsset: (sitePath: string) => string): string {
  return shell.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (_tag, href: string) => `<style>${readAsset(href).replace(/<\/style/gi, '<\\/style')}</style>`,
  );
}

/**
 * Builds the static pages' script (web/src/static-page.ts) on its own, into one file of web/dist/assets, and returns
 * its site path. Not an entry of the app's build: there, the modules it shares with the app became a shared chunk
 * with the bundler's runtime, several kB for a few lines.
 */
async function buildStaticPageScript(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: {
      alias: [
        { find: '@shared', replacement: resolve(webDir, '../functions/shared') },
        { find: '@', replacement: join(webDir, 'src') },
      ],
    },
    build: {
      write: false,
      target: 'es2022',
      sourcemap: true,
      modulePreload: false,
      rolldownOptions: {
        input: join(webDir, 'src/static-page.ts'),
        // The path table's module is read for one constant: its reads of its own object go too.
        treeshake: { propertyReadSideEffects: false },
        output: { format: 'es', entryFileNames: 'assets/static-page-[hash].js' },
      },
    },
  });
  const chunks = (Array.isArray(result) ? result : [result as Rolldown.RolldownOutput]).flatMap((out) =>
    out.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk'),
  );
  if (chunks.length !== 1)
    throw new Error(`The static pages' script must be one file, not ${chunks.map((c) => c.fileName).join(', ')}.`);
  const [chunk] = chunks as [Rolldown.OutputChunk];
  writeFileSync(join(distDir, chunk.fileName), chunk.code);
  if (chunk.map) writeFileSync(join(distDir, `${chunk.fileName}.map`), chunk.map.toString());
  return `/${chunk.fileName}`;
}

async function main() {
  process.env.NODE_ENV ??= 'production'; // React's production server build, as the browser gets
  const { renderPage, renderShell } = (await import(
    pathToFileURL(join(ssrDir, 'render.js')).href
  )) as typeof import('../src/prerender/render');
  const shell = withInlinedStylesheets(readFileSync(join(distDir, 'index.html'), 'utf8'), (sitePath) =>
    readFileSync(join(distDir, sitePath), 'utf8'),
  );
  const manifestDir = join(distDir, '.vite');
  const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as BuildManifest;
  const staticScript = await buildStaticPageScript();
  const outDir = join(distDir, PRERENDERED_DIR);
  mkdirSync(outDir, { recursive: true });
  const pageShell = withLowPriorityEntryPreloads(shell);
  const staticPageShell = withStaticPageScript(shell, staticScript, APP_ENTRY_ATTRIBUTE);
  for (const page of [...PRERENDERED_PAGES, NOT_FOUND_PAGE]) {
    const isStatic = page.static === true;
    writeFileSync(
      join(outDir, page.file),
      withPrerenderedRoot(isStatic ? staticPageShell : pageShell, await renderPage(page.path, isStatic), isStatic),
    );
  }
  // Last: the pages above were made from the empty index.html, without the app's preloads.
  const appChunks = appStartChunks(manifest);
  const appShell = withScreenChunks(
    withScreenChunks(
      withModulePreloads(shell, appChunks),
      SCREEN_CHUNKS_ID,
      screenChunksOf(manifest, SCREEN_MODULES, appChunks),
    ),
    DEMO_CHUNKS_ID,
    chunksByScreen(manifest, DEMO_AREA_MODULES, appChunks),
  );
  writeFileSync(join(distDir, 'index.html'), withLayoutShell(appShell, await renderShell()));
  rmSync(manifestDir, { recursive: true, force: true }); // the build's, not the site's
  rmSync(ssrDir, { recursive: true, force: true });
}

await main();
