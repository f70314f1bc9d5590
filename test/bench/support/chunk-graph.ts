import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileForSitePath } from './initial-js';

/**
 * The built SPA's chunk graph (web/dist), read from the chunks themselves: a chunk's static imports
 * (`import … from "./x.js"`, `import "./x.js"`) load before it runs; its `import()`s load later, when called.
 */

/** Site paths of the scripts a chunk imports statically. */
export function staticImportsOf(distDir: string, sitePath: string): string[] {
  const code = readFileSync(fileForSitePath(distDir, sitePath), 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g))
    found.add(posix.join(posix.dirname(sitePath), match[1]!));
  return [...found];
}

/** The chunks that must load before `entries` can run: themselves and every static import, transitively. */
export function staticClosure(distDir: string, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (sitePath: string) => {
    if (seen.has(sitePath)) return;
    seen.add(sitePath);
    for (const next of staticImportsOf(distDir, sitePath)) visit(next);
  };
  entries.forEach(visit);
  return [...seen].sort();
}

/** The source files a chunk bundles (from its source map; the bundler's own runtime chunk has none). */
export function sourcesOf(distDir: string, sitePath: string): string[] {
  const mapFile = `${fileForSitePath(distDir, sitePath)}.map`;
  if (!existsSync(mapFile)) return [];
  return (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
}

/** The chunk that bundles a source file (e.g. `src/features/analysis/routes/analysis-page.tsx`), if one does. */
export function chunkBundling(distDir: string, source: string): string | undefined {
  const chunks = readdirSync(join(distDir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `/assets/${file}`)
    .filter((sitePath) => sourcesOf(distDir, sitePath).some((file) => file.endsWith(source)));
  if (chunks.length > 1) throw new Error(`${chunks.length} chunks bundle ${source}: ${chunks.join(', ')}`);
  return chunks[0];
}

/** The entry script of the built index.html. */
export function entryChunk(distDir: string): string {
  const entry = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(
    readFileSync(join(distDir, 'index.html'), 'utf8'),
  )?.[1];
  if (!entry) throw new Error('web/dist/index.html has no module entry script');
  return entry;
}
