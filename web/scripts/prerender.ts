/**
 * Step 2 of `npm run build:web`: writes the public pages and the not-found page as HTML
 * (web/dist/prerendered/*.html), each the built index.html with the page's markup inside #root, so they paint before
 * (and without) any JavaScript; the app then hydrates them, except on a static page for a signed-out visitor, where
 * it never starts (web/src/main.tsx). Then index.html itself, served for every other path
 * (the signed-in screens), gets the layout shell, so those paint their header and page frame at once too.
 * Step 1 built the SSR entry (web/src/prerender/render.tsx) into web/.prerender.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_AREA_MODULES, DEMO_CHUNKS_ID } from '../src/app/demo-areas';
import { SCREEN_CHUNKS_ID, SCREEN_MODULES } from '../src/app/screens';
import {
  appStartChunks,
  chunksByScreen,
  screenChunksOf,
  withLowPriorityEntryPreloads,
  withModulePreloads,
  withScreenChunks,
  type BuildManifest,
} from '../src/prerender/module-preloads';
import { NOT_FOUND_PAGE, PRERENDERED_DIR, PRERENDERED_PAGES } from '../src/prerender/pages';
import { STATIC_PAGE_MARK } from '../src/prerender/static-page-mark';

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

async function main() {
  process.env.NODE_ENV ??= 'production'; // React's production server build, as the browser gets
  const { renderPage, renderShell } = (await import(
    pathToFileURL(join(ssrDir, 'render.js')).href
  )) as typeof import('../src/prerender/render');
  const shell = withInlinedStylesheets(readFileSync(join(distDir, 'index.html'), 'utf8'), (sitePath) =>
    readFileSync(join(distDir, sitePath), 'utf8'),
  );
  const outDir = join(distDir, PRERENDERED_DIR);
  mkdirSync(outDir, { recursive: true });
  const pageShell = withLowPriorityEntryPreloads(shell);
  for (const page of [...PRERENDERED_PAGES, NOT_FOUND_PAGE]) {
    writeFileSync(
      join(outDir, page.file),
      withPrerenderedRoot(pageShell, await renderPage(page.path), page.static === true),
    );
  }
  // Last: the pages above were made from the empty index.html, without the app's preloads.
  const manifestDir = join(distDir, '.vite');
  const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as BuildManifest;
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
