import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * The Lighthouse floor: a minimal React + React Router page, a heading and a paragraph rendered by one
 * route, bundled and minified for production by esbuild into `outDir` (index.html + one module script), to be
 * served the same way as web/dist in the same run. No app built on React and the router can paint less work.
 */
export async function buildFloorPage(rootDir: string, outDir: string): Promise<string> {
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  await build({
    stdin: {
      contents: [
        "import { createElement as h } from 'react';",
        "import { createRoot } from 'react-dom/client';",
        "import { createBrowserRouter, RouterProvider } from 'react-router-dom';",
        "const Page = () => h('main', null, h('h1', null, 'Find your perfect adventure partner'), h('p', null, 'A minimal React and React Router page: the floor the public pages are measured against.'));",
        "const router = createBrowserRouter([{ path: '*', element: h(Page) }]);",
        "createRoot(document.getElementById('root')).render(h(RouterProvider, { router }));",
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
    outfile: join(outDir, 'assets', 'floor.js'),
    logLevel: 'silent',
  });
  writeFileSync(
    join(outDir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8" />\n<meta name="viewport" content="width=device-width, initial-scale=1.0" />\n<meta name="description" content="Lighthouse floor page" />\n<title>Floor</title>\n<script type="module" src="/assets/floor.js"></script>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n',
  );
  return outDir;
}
