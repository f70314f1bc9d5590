import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
 * The SPA build. The local host (and CloudFront in AWS) serve `web/dist` with `/config.json`
 * and `/api/*` on the same origin, so there is no dev server or proxy here.
 * The vitest `web` project extends this file (with root '.'), so aliases are absolute.
 */
export default defineConfig(({ command }) => ({
  root: fromHere('.'),
  publicDir: fromHere('./public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@shared', replacement: fromHere('../functions/shared') },
      { find: '@', replacement: fromHere('./src') },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
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
  },
}));
