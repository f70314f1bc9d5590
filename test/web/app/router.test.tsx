import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/provider';
import { buildRoutes } from '@/app/router';
import type { AuthService } from '@/lib/auth';
import { createFakeAuthService, SIGNED_IN_USER, TEST_CONFIG } from '../test-utils';

function renderApp(path: string, service: AuthService = createFakeAuthService(null)) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <AppProviders config={TEST_CONFIG} authService={service}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('app router', () => {
  // jsdom has no scrollIntoView; the landing page scrolls to its section at /features and /about.
  beforeEach(() => {
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => {}, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('renders the not-found page for an unknown path, inside the layout', async () => {
    renderApp('/no-such-trail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each(['/', '/features', '/about'])('renders the landing page at %s', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: /adventure partner/i })).toBeInTheDocument();
  });

  it('renders the terms page at /terms for signed-out visitors', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: /terms/i })).toBeInTheDocument();
  });

  it('sends a signed-out visitor from a protected page to the login page', async () => {
    const router = renderApp('/find-partners');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the dashboard in demo mode from /dashboard?demo=true', async () => {
    renderApp('/dashboard?demo=true');
    // The demo client is its own chunk, loaded when demo mode starts (the public pages never load it).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex!' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('demo@trailbuddy.app');
  });

  it('shows the header and page frame at once while demo mode loads its client, then fills in the dashboard', async () => {
    renderApp('/dashboard?demo=true');
    // the demo client is still loading: no screen yet, but the layout is on screen around a spinner
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('banner')).toHaveTextContent('demo@trailbuddy.app');
    expect(within(screen.getByRole('main')).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex!' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('serves demo mode from the in-browser client: the profile shows the demo user without a server call', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderApp('/profile?demo=true');
    expect(await screen.findByText('demo-user', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a signed-in user from /login to the dashboard, greeted by the part of the email before @', async () => {
    const router = renderApp('/login', createFakeAuthService(SIGNED_IN_USER));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, jordan.lee!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('signs a user in from the login page and lands on the dashboard', async () => {
    const user = userEvent.setup();
    const router = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, sam!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it.each([
    ['/auth/health/callback?provider=google_health&code=abc&state=xyz', 'Connecting Your Health App...'],
    ['/apple-health-callback?auth_success=true', 'Connecting Your Health App...'],
    ['/auth/strava/callback?code=abc&state=xyz', 'Connecting to Strava...'],
  ])('renders the callback screen at %s for a signed-in user', async (path, label) => {
    // The Strava screen posts the code at once; an API that has not answered yet keeps it on screen.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    renderApp(path, createFakeAuthService(SIGNED_IN_USER));
    expect(await screen.findByRole('status', { name: label })).toBeInTheDocument();
  });

  it('reports an unknown provider on the health callback screen', async () => {
    renderApp('/health-connect-callback', createFakeAuthService(SIGNED_IN_USER));
    expect(await screen.findByRole('heading', { name: 'Connection Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown health provider');
  });

  it('sends a Strava callback without a code to the profile with error=no_code', async () => {
    const router = renderApp('/auth/strava/callback', createFakeAuthService(SIGNED_IN_USER));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/profile?error=no_code');
  });
});
