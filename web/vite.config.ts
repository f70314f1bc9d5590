import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * React Router 7's package exports name only its development build (remix-run/react-router#12532, #14102), which
 * keeps its dev warnings and checks in a production bundle; its production build ships beside it. Builds use it,
 * tests keep the development one (its warnings are useful there).
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fromHere('../node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: fromHere('../node_modules/react-router/dist/production/dom-export.mjs') },
];

/**
 * TanStack Query and the app's few modules around it (the query client, keys, hooks, and the header's unread counts)
 * are one chunk: a signed-in screen loads them together (not as five scripts before its figures), and the public
 * pages, which read no server state, never load it (npm run check:budget).
 */
const SERVER_STATE_CHUNK =
  /node_modules\/@tanstack\/|\/src\/lib\/(query-client|query-keys|server-query|server-state-boundary)\.tsx?$|\/src\/components\/layout\/unread-counts-watcher\.tsx$/;

/** Shared chunks smaller than this (source bytes before minifying) are inlined into the chunks that use them. */
const INLINED_CHUNK_MAX_BYTES = 30_000;

/**
 * The service worker (web/service-worker/app-sw.js), written to /sw.js with the build's scripts and stylesheet to
 * precache and a cache name of their own: a new build is a new worker, which drops the last build's cache.
 */
function appServiceWorker(): Plugin {
  return {
    name: 'trailbuddy-app-service-worker',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_options, bundle) {
      const precache = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && /\.(js|css)$/.test(file))
        .sort()
        .map((file) => `/${file}`);
      const build = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
      const worker = readFileSync(fromHere('./service-worker/app-sw.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `self.__PRECACHE__ = ${JSON.stringify(precache)};\nself.__BUILD__ = '${build}';\n${worker}`,
      });
    },
  };
}

/**
 * The SPA build. The local host (and CloudFront in AWS) serve `web/dist` with `/config.json`
 * and `/api/*` on the same origin, so there is no dev server or proxy here.
 * The vitest `web` project extends this file (with root '.'), so aliases are absolute.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: fromHere('.'),
  publicDir: fromHere('./public'),
  plugins: [react(), tailwindcss(), appServiceWorker()],
  resolve: {
    alias: [
      // The server ships IANA zone data (functions/shared/analysis/zone-rules.ts); browsers keep their own current.
      { find: /^\.\/zone-rules$/, replacement: fromHere('../functions/shared/analysis/zone-rules.browser.ts') },
      { find: '@shared', replacement: fromHere('../functions/shared') },
      { find: '@', replacement: fromHere('./src') },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  // The file import's worker loads its parsers (the FIT SDK, the zip reader) on demand, which needs module workers.
  worker: { format: 'es' },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // One stylesheet, linked from index.html only: the prerender step inlines it into every page, so no lazy chunk
    // may list it to load again (with code-split CSS, every chunk importing the entry's preload helper did).
    cssCodeSplit: false,
    // Read (and removed) by web/scripts/prerender.ts: the app's chunks the signed-in screens' HTML preloads.
    manifest: true,
    // The SPA only (the prerender's SSR build keeps its entry's exports): each small chunk that several chunks share
    // is copied into them instead of being a file of its own. The demo dashboard fetched 33 scripts, most under 2 kB
    // gzip, and each fetch cost main-thread time and a round trip before its figures. The copies share one
    // module registry (one state per module), and no page downloads code it could not reach before. Rolldown needs
    // the entry's exports given up for it: the entry exports nothing.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              // Stylesheets stay in chunks of their own, as rolldown asks of Vite builds (its CSS plugin would emit
              // an inlined stylesheet once per copy).
              experimentalInlineCommonChunks: { maxSize: INLINED_CHUNK_MAX_BYTES, exclude: /\.css(\?|$)/ },
              // Only those modules: what they import (React, the router) stays in the chunks it was in.
              groups: [{ name: 'server-state', test: SERVER_STATE_CHUNK, includeDependenciesRecursively: false }],
            },
          },
        },
  },
}));
