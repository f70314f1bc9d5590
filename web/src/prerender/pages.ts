/**
 * The public pages built to HTML at build time (`npm run build:web`), so their first paint needs no JavaScript.
 * Each is written to `web/dist/prerendered/<file>`; the local host and CloudFront serve it for `path`.
 * Pure data: the prerender script, the local site server and the CDK site import it.
 */
import { ROUTE_TABLE } from '../lib/paths';

export const PRERENDERED_DIR = 'prerendered';

export interface PrerenderedPage {
  /** The URL path it is rendered for and served at. */
  path: `/${string}`;
  file: string;
  /**
   * Read and navigated from its HTML alone (links, in-page anchors, the phone menu's few lines in web/src/main.tsx):
   * a signed-out visitor's browser never downloads or runs the app there. A page with a form is not.
   */
  static?: true;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/', file: 'index.html', static: true },
  { path: '/login', file: 'login.html' },
  { path: '/terms', file: 'terms.html', static: true },
];

/**
 * The not-found page: rendered for a path no route matches, and served (with status 404) for every such path by the
 * local host and CloudFront, so an unknown URL paints its heading from HTML too.
 */
export const NOT_FOUND_PAGE: PrerenderedPage = { path: '/__not-found', file: 'not-found.html', static: true };

/** The prerendered file (relative to the build folder) served for a URL path, if there is one. */
export function prerenderedFileFor(path: string): string | undefined {
  const page = PRERENDERED_PAGES.find((candidate) => candidate.path === path);
  return page ? `${PRERENDERED_DIR}/${page.file}` : undefined;
}

export const NOT_FOUND_FILE = `${PRERENDERED_DIR}/${NOT_FOUND_PAGE.file}`;

/**
 * One regular expression source per client route (web/src/lib/paths.ts), matched case-insensitively as react-router
 * matches: `:param` is one non-empty segment, and a trailing slash is allowed. Plain strings, so CloudFront's
 * function code can embed them.
 */
export const CLIENT_ROUTE_PATTERNS: readonly string[] = ROUTE_TABLE.map((entry) => {
  const body = entry.path
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body}/?$`;
});

const CLIENT_ROUTES = CLIENT_ROUTE_PATTERNS.map((source) => new RegExp(source, 'i'));

/** Whether the SPA has a screen for `path` (else it shows the not-found page). */
export function isClientRoute(path: string): boolean {
  return CLIENT_ROUTES.some((route) => route.test(path));
}
