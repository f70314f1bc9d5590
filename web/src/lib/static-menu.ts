/** The phone menu button's icon paths: three bars to open it, a cross to close it. */
export const MENU_ICON_PATH = 'M4 7h16M4 12h16M4 17h16';
export const CLOSE_ICON_PATH = 'M6 6l12 12M18 6L6 18';

/**
 * The header's phone menu on a static page (a <details> there, web/src/components/layout/header.tsx), which opens
 * and closes with no script: this adds what the app's menu also does, Escape closing it with the focus back on its
 * toggle.
 */
export function wireStaticMenu(doc: Document): void {
  const menu = doc.querySelector<HTMLDetailsElement>('header details');
  if (!menu) return;
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.open) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}
