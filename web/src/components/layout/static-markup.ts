import { createContext } from 'react';

/**
 * True while the build renders a static page (web/src/prerender/pages.ts): HTML that no React ever hydrates, where
 * interactive parts must work from the markup alone (the header's phone menu is a <details> there).
 */
export const StaticMarkup = createContext(false);
