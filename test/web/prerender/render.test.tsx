import { within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_PAGE } from '@/prerender/pages';
import { renderPage, renderShell } from '@/prerender/render';

/** The markup as the browser would paint it from the HTML, before any JavaScript. */
function painted(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = markup;
  document.body.replaceChildren(root);
  return root;
}

describe('build-time render', () => {
  // The build renders in its SSR build (import.meta.env.SSR), where lazy parts a browser loads on first use (the login
  // forms) load at once; this file's own module registry renders as that build does.
  beforeAll(() => {
    vi.stubEnv('SSR', true);
  });

  it('renders the not-found page for any unknown path, in the layout, without the path it was built for', async () => {
    const page = painted(await renderPage(NOT_FOUND_PAGE.path));
    expect(within(page).getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(within(page).getByRole('banner')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(page).toHaveTextContent('We couldn’t find that page.');
    expect(page).not.toHaveTextContent(NOT_FOUND_PAGE.path);
  });

  it('renders a static page’s phone menu as a disclosure that works from the HTML, and a hydrated page’s as the app’s button', async () => {
    const landing = painted(await renderPage('/', true));
    const toggle = landing.querySelector('header details > summary');
    expect(toggle).toHaveTextContent('Menu');
    const menu = landing.querySelector('header details #mobile-menu')!;
    expect(within(menu as HTMLElement).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(landing.querySelector('header button[aria-controls]')).toBeNull();

    const login = painted(await renderPage('/login'));
    expect(login.querySelector('header details')).toBeNull();
    expect(within(login).getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-controls', 'mobile-menu');
  });

  it('renders the layout shell of the signed-in screens: header, a loading page frame, footer, no wrong links', async () => {
    const shell = painted(await renderShell());
    expect(within(shell).getByRole('banner')).toHaveTextContent('TrailBuddy');
    expect(within(within(shell).getByRole('main')).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(within(shell).getByRole('contentinfo')).toBeInTheDocument();
    // the session is still being read: neither the signed-in nor the signed-out links yet
    expect(within(shell).queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(within(shell).queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(shell.innerHTML).not.toMatch(/<script/i);
  });
});
