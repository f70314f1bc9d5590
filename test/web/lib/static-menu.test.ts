import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_ICON_PATH, MENU_ICON_PATH, wireStaticMenu } from '@/lib/static-menu';

/** The header's phone menu as the prerendered HTML of a static page has it (web/src/components/layout/header.tsx). */
function prerenderedHeader(): { button: HTMLButtonElement; menu: HTMLElement } {
  document.body.innerHTML = `
    <header>
      <button type="button" aria-expanded="false" aria-controls="mobile-menu" aria-label="Open menu">
        <svg aria-hidden="true"><path d="${MENU_ICON_PATH}"></path></svg>
      </button>
      <div id="mobile-menu" hidden><nav aria-label="Mobile"><a href="/login">Sign In</a></nav></div>
    </header>`;
  return {
    button: document.querySelector('button')!,
    menu: document.getElementById('mobile-menu')!,
  };
}

describe('the phone menu of a static page, without the app', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('opens and closes from its button, saying so to assistive technology', () => {
    const { button, menu } = prerenderedHeader();
    wireStaticMenu(document);
    button.click();
    expect(menu.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Close menu');
    expect(button.querySelector('path')!.getAttribute('d')).toBe(CLOSE_ICON_PATH);
    button.click();
    expect(menu.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Open menu');
    expect(button.querySelector('path')!.getAttribute('d')).toBe(MENU_ICON_PATH);
  });

  it('closes on Escape and gives the focus back to its button', () => {
    const { button, menu } = prerenderedHeader();
    wireStaticMenu(document);
    button.click();
    document.querySelector<HTMLAnchorElement>('#mobile-menu a')!.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('does nothing on a page with no menu', () => {
    document.body.innerHTML = '<header><a href="/">TrailBuddy</a></header>';
    expect(() => wireStaticMenu(document)).not.toThrow();
  });
});
