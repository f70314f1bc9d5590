/**
 * The public pages built to HTML at build time (`npm run build:web`), so their first paint needs no JavaScript.
 * Each is written to `web/dist/prerendered/<file>`; the local host and CloudFront serve it for `path`.
 * Pure data: the prerender script, the local site server and the CDK site import it.
 */
export const PRERENDERED_DIR = 'prerendered';

export interface PrerenderedPage {
  /** The URL path it is rendered for and served at. */
  path: `/${string}`;
  file: string;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/', file: 'index.html' },
  { path: '/login', file: 'login.html' },
  { path: '/terms', file: 'terms.html' },
];

/** The prerendered file (relative to the build folder) served for a URL path, if there is one. */
export function prerenderedFileFor(path: string): string | undefined {
  const page = PRERENDERED_PAGES.find((candidate) => candidate.path === path);
  return page ? `${PRERENDERED_DIR}/${page.file}` : undefined;
}
