import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser, BrowserContext } from 'playwright-core';
import { createSiteHandler } from '../../../infra/local/site';
import type { RuntimeConfig } from '../../../functions/shared/schemas/runtime-config';

/** Gzip at zlib's default level, as the local host sends it. */
export function gzipSize(contents: Uint8Array | string): number {
  return gzipSync(contents).length;
}

/** The scripts a page's HTML starts loading before any code runs: its module scripts and modulepreloads. */
export function scriptsNamedInHtml(html: string): string[] {
  const paths: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype=["']?module\b/.test(tag);
    const isModulePreload = tag.startsWith('<link') && /\brel=["']?modulepreload\b/.test(tag);
    const url = /\b(?:src|href)=["']([^"']+)["']/.exec(tag)?.[1];
    if ((isModuleScript || isModulePreload) && url) paths.push(url);
  }
  return paths;
}

/** Relative static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`), not dynamic `import()`. */
export function staticImportsOf(chunk: string): string[] {
  return [...chunk.matchAll(/(?:\bfrom|\bimport)\s*(["'`])(\.\.?\/[^"'`]+?\.js)\1/g)].map((match) => match[2]!);
}

/**
 * Site paths (e.g. '/assets/index-abc.js') of the scripts `html` names and everything they import statically: the
 * app's shell (web/dist/index.html) names the app's entry, a static prerendered page only its own small script.
 */
export function staticInitialScripts(distDir: string, html: string): Set<string> {
  const pending = scriptsNamedInHtml(html);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const chunk = readFileSync(fileForSitePath(distDir, path), 'utf8');
    for (const relative of staticImportsOf(chunk)) pending.push(new URL(relative, `http://site${path}`).pathname);
  }
  return seen;
}

export function fileForSitePath(distDir: string, sitePath: string): string {
  const file = normalize(join(distDir, decodeURIComponent(sitePath)));
  if (!file.startsWith(normalize(distDir) + sep)) throw new Error(`${sitePath} is outside web/dist`);
  return file;
}

/** Serves web/dist like the local host (config.json included) on a free port; no API behind it. */
export async function serveBuiltSite(distDir: string): Promise<{ url: string; close(): Promise<void> }> {
  const config: RuntimeConfig = {
    mode: 'local',
    region: 'local',
    userPoolId: 'local_benchPool',
    userPoolClientId: 'bench-client',
    userPoolEndpoint: 'http://127.0.0.1:9/',
    apiBaseUrl: '/api',
  };
  const site = createSiteHandler({ distDir, config });
  const server: Server = createServer((req, res) => {
    void site(new URL(req.url ?? '/', 'http://localhost').pathname).then(
      (response) => {
        // Compressed like the local host and CloudFront send it (Lighthouse measures the transfer).
        const gzip =
          /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
          /^(text\/|application\/(json|javascript)|image\/svg)/.test(response.headers['content-type'] ?? '');
        const body = gzip ? gzipSync(response.body) : response.body;
        res.writeHead(response.status, {
          ...response.headers,
          ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
          'content-length': String(body.length),
        });
        res.end(body);
      },
      () => {
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A fresh browser context that refuses every request to another origin than `origin`: nothing leaves the machine. */
export async function contextWithin(browser: Browser, origin: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
  );
  return context;
}

/**
 * Site paths of every script the browser fetches when it opens `path` and the network goes quiet:
 * the entry, its modulepreloads and static imports, and whatever boot and the route load lazily.
 * Requests to other origins are refused, so nothing leaves the machine.
 */
export async function scriptsLoadedFor(
  browser: Browser,
  siteUrl: string,
  path: string,
  options: { scrollToEnd?: boolean } = {},
): Promise<string[]> {
  const origin = new URL(siteUrl).origin;
  const context = await contextWithin(browser, origin);
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && (request.resourceType() === 'script' || url.pathname.endsWith('.js')))
        scripts.add(url.pathname);
    });
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    const rendered = await page.locator('#root *').count();
    if (rendered === 0) throw new Error(`${path} rendered nothing; the measurement would be meaningless`);
    if (options.scrollToEnd) {
      // What a reader who scrolls through the screen loads too (e.g. charts below the fold).
      await page.mouse.wheel(0, 100_000);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      await page.waitForLoadState('networkidle');
    }
    return [...scripts].sort();
  } finally {
    await context.close();
  }
}

/**
 * The smallest app built on React, React DOM and React Router (a router with one route), bundled and
 * minified for production with esbuild: no app built on them can ship less.
 */
export async function reactAndRouterFloorBytes(rootDir: string): Promise<number> {
  const result = await build({
    stdin: {
      contents: [
        "import { createElement } from 'react';",
        "import { createRoot } from 'react-dom/client';",
        "import { createBrowserRouter, RouterProvider } from 'react-router-dom';",
        "const router = createBrowserRouter([{ path: '/', element: createElement('main') }]);",
        "createRoot(document.getElementById('root')).render(createElement(RouterProvider, { router }));",
      ].join('\n'),
      resolveDir: rootDir,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output for the React + router floor');
  return gzipSize(output.contents);
}
