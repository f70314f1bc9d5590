/** The phone menu button's icon paths: three bars to open it, a cross to close it. */
export const MENU_ICON_PATH = 'M4 7h16M4 12h16M4 17h16';
export const CLOSE_ICON_PATH = 'M6 6l12 12M18 6L6 18';

/**
 * The header's phone menu on a page the app does not run on (a static prerendered page): the button opens and
 * closes the menu it controls as the app's header does (web/src/components/layout/header.tsx), and Escape closes it.
 */
export function wireStaticMenu(doc: Document): void {
  const button = doc.querySelector<HTMLButtonElement>('header button[aria-controls]');
  const menu = button ? doc.getElementById(button.getAttribute('aria-controls') ?? '') : null;
  if (!button || !menu) return;
  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    button.querySelector('path')?.setAttribute('d', open ? CLOSE_ICON_PATH : MENU_ICON_PATH);
  };
  button.addEventListener('click', () => setOpen(menu.hidden));
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) {
      setOpen(false);
      button.focus();
    }
  });
}
