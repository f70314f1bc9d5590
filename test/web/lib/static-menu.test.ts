import { afterEach, describe, expect, it } from 'vitest';
import { wireStaticMenu } from '@/lib/static-menu';

/** The header's phone menu as the prerendered HTML of a static page has it (web/src/components/layout/header.tsx). */
function prerenderedHeader(): { menu: HTMLDetailsElement; toggle: HTMLElement } {
  document.body.innerHTML = `
    <header>
      <details>
        <summary><span>Menu</span></summary>
        <div id="mobile-menu"><nav aria-label="Mobile"><a href="/login">Sign In</a></nav></div>
      </details>
    </header>`;
  return { menu: document.querySelector('details')!, toggle: document.querySelector('summary')! };
}

describe('the phone menu of a static page, without the app', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('closes on Escape and gives the focus back to its toggle', () => {
    const { menu, toggle } = prerenderedHeader();
    wireStaticMenu(document);
    menu.open = true;
    document.querySelector<HTMLAnchorElement>('#mobile-menu a')!.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('leaves a closed menu and the focus alone on Escape', () => {
    const { menu } = prerenderedHeader();
    wireStaticMenu(document);
    const link = document.querySelector<HTMLAnchorElement>('#mobile-menu a')!;
    link.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(link);
  });

  it('does nothing on a page with no menu', () => {
    document.body.innerHTML = '<header><a href="/">TrailBuddy</a></header>';
    expect(() => wireStaticMenu(document)).not.toThrow();
  });
});
