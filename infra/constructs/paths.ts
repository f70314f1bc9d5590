import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, found from this file rather than the working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function fromRepoRoot(relativePath: string): string {
  return join(REPO_ROOT, relativePath);
}

/** The built SPA that the stateless stack deploys; `npm run build:web` writes it. */
export const WEB_DIST = fromRepoRoot('web/dist');

export function assertWebBuilt(webDist: string = WEB_DIST): void {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(
      `The built web app is missing (${webDist}/index.html). Run \`npm run build:web\` first, then synthesize again.`,
    );
  }
}
