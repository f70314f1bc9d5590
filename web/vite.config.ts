import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * The SPA build. The local host (and CloudFront in AWS) serve `web/dist` with `/config.json`
 * and `/api/*` on the same origin, so there is no dev server or proxy here.
 * The vitest `web` project extends this file (with root '.'), so aliases are absolute.
 */
export default defineConfig({
  root: fromHere('.'),
  publicDir: fromHere('./public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': fromHere('../functions/shared'),
      '@': fromHere('./src'),
    },
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
});
