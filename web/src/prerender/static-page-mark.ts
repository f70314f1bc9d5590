/**
 * The value of #root's data-prerendered on a static page (`static` in ./pages); empty on a page the app hydrates.
 * A module of its own, with no imports: the static pages' script (web/src/static-page.ts) reads this module, and
 * ./pages builds the route patterns as it loads, work no page's start needs.
 */
export const STATIC_PAGE_MARK = 'static';

/**
 * The attribute of a static page's script tag (web/src/static-page.ts) that holds the app entry's address: the
 * script loads it only for a visitor the app must run for.
 */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';
