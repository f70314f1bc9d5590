import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '@/components/layout/header';
import { createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';

function routesWithHeader() {
  return [
    {
      element: (
        <>
          <Header />
          <Outlet />
        </>
      ),
      children: [
        { path: '/', element: <h1>Home stand-in</h1> },
        { path: '/dashboard', element: <h1>Dashboard stand-in</h1> },
        { path: '/profile', element: <h1>Profile stand-in</h1> },
      ],
    },
  ];
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('Header', () => {
  it('shows the signed-out links', async () => {
    renderRoutes(routesWithHeader(), { path: '/', service: createFakeAuthService(null) });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(linkNames(mainNav())).toEqual(['Home', 'Features', 'About', 'Terms']);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
  });

  it("shows the signed-in links, the user's email and Sign Out", async () => {
    renderRoutes(routesWithHeader(), { path: '/dashboard', service: createFakeAuthService(SIGNED_IN_USER) });
    await screen.findByRole('button', { name: 'Sign Out' });
    expect(linkNames(mainNav())).toEqual(['Dashboard', 'Find Partners', 'Health Analysis', 'Plan Activity', 'Profile']);
    expect(within(mainNav()).getByRole('link', { name: 'Health Analysis' })).toHaveAttribute('href', '/analysis');
    expect(screen.getByRole('banner')).toHaveTextContent(SIGNED_IN_USER.email);
  });

  it('shows no links while the session is being read', () => {
    renderRoutes(routesWithHeader(), { path: '/', service: createFakeAuthService('pending') });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('signs out and goes home', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    const { router } = renderRoutes(routesWithHeader(), { path: '/profile', service });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(service.signOut).toHaveBeenCalledTimes(1);
    expect(linkNames(mainNav())).toEqual(['Home', 'Features', 'About', 'Terms']);
  });

  it('still goes home, signed out, when sign-out fails', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    service.signOut.mockRejectedValue(new Error('network down'));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderRoutes(routesWithHeader(), { path: '/profile', service });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('in demo mode, Sign Out only leaves demo mode', async () => {
    window.sessionStorage.setItem('trailbuddy.demo', 'true');
    const service = createFakeAuthService(null);
    renderRoutes(routesWithHeader(), { path: '/dashboard', service });
    expect(screen.getByRole('banner')).toHaveTextContent('demo@trailbuddy.app');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(service.signOut).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem('trailbuddy.demo')).toBeNull();
  });

  describe('mobile menu', () => {
    it('opens and closes with a button that reports its state', async () => {
      renderRoutes(routesWithHeader(), { path: '/', service: createFakeAuthService(null) });
      const user = userEvent.setup();
      const toggle = await screen.findByRole('button', { name: 'Open menu' });
      const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(menu).not.toBeNull();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(menu).not.toBeVisible();
      expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(toggle).toHaveAccessibleName('Close menu');
      expect(menu).toBeVisible();
      expect(linkNames(screen.getByRole('navigation', { name: 'Mobile' }))).toEqual([
        'Home',
        'Features',
        'About',
        'Terms',
      ]);

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveAccessibleName('Open menu');
      expect(menu).not.toBeVisible();
    });

    it('closes after following a link', async () => {
      const { router } = renderRoutes(routesWithHeader(), {
        path: '/',
        service: createFakeAuthService(SIGNED_IN_USER),
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Open menu' }));
      await user.click(
        within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Profile' }),
      );
      expect(router.state.location.pathname).toBe('/profile');
      expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
