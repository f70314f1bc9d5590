import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/provider';
import { buildRoutes, preloadScreen } from '@/app/router';
import type { AuthService } from '@/lib/auth';
import { createFakeAuthService, SIGNED_IN_USER, TEST_CONFIG } from '../test-utils';
import { PLAN_ID, tripPlan } from '../features/trip-plans/trip-plan-fixtures';

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

  it('loads the chunk of the screen a path shows ahead of rendering it, and none for an unknown path', async () => {
    const analysis = await import('@/features/analysis/routes/analysis-page');
    await expect(preloadScreen('/analysis')).resolves.toBe(analysis);
    const tripPlan = await import('@/features/trip-plans/routes/trip-plan-page');
    await expect(preloadScreen('/trip-plans/plan-1')).resolves.toBe(tripPlan);
    expect(preloadScreen('/no-such-trail')).toBeUndefined();
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
    // The demo client is its own chunk, loaded when demo mode starts (the public pages never load it). The first test
    // to load it, the dashboard and the server-state client pays their cold import, seconds on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex!' }, { timeout: 12_000 }),
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
    expect(await screen.findByText('demo-user', {}, { timeout: 15_000 })).toBeInTheDocument();
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

  it('brings a signed-out visitor from the reminder email to the plan, check-in offered, after signing in', async () => {
    const plan = tripPlan();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.endsWith(`/api/trip-plans/${PLAN_ID}`))
        return Response.json({ error: { code: 'x', message: url } }, { status: 500 });
      return Response.json(plan);
    });
    const user = userEvent.setup();
    const router = renderApp(`/trip-plans/${PLAN_ID}?check-in=1`);
    await user.type(await screen.findByLabelText('Email'), 'jordan.lee@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Are you back? Check in' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(`/trip-plans/${PLAN_ID}?check-in=1`);
    expect(screen.getByRole('button', { name: 'We’re back' })).toBeEnabled();
  });

  it('brings a visitor from the reminder email back to the plan after Google sign-in, which returns to the dashboard', async () => {
    const plan = tripPlan();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith(`/api/trip-plans/${PLAN_ID}`)) return Response.json(plan);
      return Response.json({ error: { code: 'not_found', message: 'Not here.' } }, { status: 404 });
    });
    const user = userEvent.setup();
    const signedOut = createFakeAuthService(null);
    const first = renderApp(`/trip-plans/${PLAN_ID}?check-in=1`, signedOut);
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(signedOut.signInWithGoogle).toHaveBeenCalledOnce();
    expect(first.state.location.pathname).toBe('/login');
    cleanup();

    // Google (through Cognito) sends the browser back to /dashboard, now signed in.
    const back = renderApp('/dashboard', createFakeAuthService(SIGNED_IN_USER));
    expect(await screen.findByRole('heading', { level: 2, name: 'Are you back? Check in' })).toBeInTheDocument();
    expect(back.state.location.pathname + back.state.location.search).toBe(`/trip-plans/${PLAN_ID}?check-in=1`);
    cleanup();

    // Used once: the next visit to the dashboard stays there.
    const later = renderApp('/dashboard', createFakeAuthService(SIGNED_IN_USER));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, jordan.lee!' })).toBeInTheDocument();
    expect(later.state.location.pathname).toBe('/dashboard');
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
