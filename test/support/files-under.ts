import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folders that hold installed or built files, never the project's own sources. */
const NOT_SOURCES = new Set(['node_modules', 'dist']);

/** Every file under `dir` (recursively, in directory order) whose name `keep` accepts; TypeScript files by default. */
export function filesUnder(dir: string, keep: (name: string) => boolean = (name) => name.endsWith('.ts')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCES.has(entry.name) ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}
