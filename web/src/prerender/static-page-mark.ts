/**
 * The value of #root's data-prerendered on a static page (`static` in ./pages); empty on a page the app hydrates.
 * A module of its own, with no imports: the entry (web/src/main.tsx) reads it on every page, and ./pages builds the
 * route patterns as it loads, work no page's start needs.
 */
export const STATIC_PAGE_MARK = 'static';
