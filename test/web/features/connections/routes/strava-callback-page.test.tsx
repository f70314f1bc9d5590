import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import StravaCallbackPage from '@/features/connections/routes/strava-callback-page';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { leaveAppFor } from '@/lib/navigation';
import {
  createFakeApiClient,
  createFakeAuthService,
  renderRoutes,
  SIGNED_IN_USER,
  stravaConnection,
  TestProviders,
} from '../../../test-utils';

vi.mock('@/lib/navigation', () => ({ leaveAppFor: vi.fn() }));

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <h1>Landed on {pathname + search}</h1>;
}

const routes = [
  { path: '/auth/strava/callback', element: <StravaCallbackPage /> },
  { path: '/profile', element: <WhereAmI /> },
  { path: '/dashboard', element: <WhereAmI /> },
];

const connected = { connection: stravaConnection(), sync: null };

function renderCallback(search: string, connectStrava: ApiClient['connectStrava']) {
  const apiClient = createFakeApiClient({ connectStrava });
  renderRoutes(routes, {
    path: `/auth/strava/callback${search}`,
    service: createFakeAuthService(SIGNED_IN_USER),
    apiClient,
  });
  return apiClient;
}

describe('StravaCallbackPage (spec core-app §4)', () => {
  it('shows "Connecting to Strava..." while the code is exchanged', async () => {
    renderCallback(
      '?code=abc&state=s',
      vi.fn(() => new Promise<never>(() => {})),
    );
    expect(await screen.findByRole('status', { name: 'Connecting to Strava...' })).toBeInTheDocument();
    expect(screen.getByText('Connecting to Strava...')).toBeInTheDocument();
  });

  it('posts code, state and scope, then goes to /dashboard?strava=connected', async () => {
    const connectStrava = vi.fn(async () => connected);
    renderCallback('?code=abc&state=signed-state&scope=read,activity:read,profile:read_all', connectStrava);
    expect(await screen.findByRole('heading', { name: 'Landed on /dashboard?strava=connected' })).toBeInTheDocument();
    expect(connectStrava).toHaveBeenCalledWith({
      code: 'abc',
      state: 'signed-state',
      scope: 'read,activity:read,profile:read_all',
    });
  });

  it.each([
    ['?error=access_denied&state=s', '/profile?error=access_denied'],
    ['?error=access_denied&code=abc&state=s', '/profile?error=access_denied'],
    ['?state=s&scope=read', '/profile?error=no_code'],
    ['?code=abc', '/profile?error=connection_failed'],
  ])('%s leads to %s without a successful connect', async (search, target) => {
    const connectStrava = vi.fn(async () => connected);
    renderCallback(search, connectStrava);
    expect(await screen.findByRole('heading', { name: `Landed on ${target}` })).toBeInTheDocument();
    expect(connectStrava).not.toHaveBeenCalled();
  });

  it.each([
    ['a server error', new ApiError(502, 'provider_error', 'Failed to exchange code for tokens: 500')],
    ['a forged state', new ApiError(400, 'invalid_state', 'The connection request expired. Please try again.')],
    ['a network failure', new ApiError(0, 'network_error', 'Could not reach TrailBuddy.')],
  ])('goes to /profile?error=connection_failed on %s', async (_, error) => {
    renderCallback(
      '?code=abc&state=s',
      vi.fn(async () => Promise.reject(error)),
    );
    expect(
      await screen.findByRole('heading', { name: 'Landed on /profile?error=connection_failed' }),
    ).toBeInTheDocument();
  });

  it("shows the server's tips for an invalid code, with a way to try again", async () => {
    const tips =
      'The authorization code is no longer valid: it expired (codes last about 10 minutes), was already used, or the redirect URI does not match. Please try connecting again.';
    renderCallback(
      '?code=used&state=s',
      vi.fn(async () => Promise.reject(new ApiError(400, 'invalid_code', tips))),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(tips);
    expect(screen.getByRole('heading', { name: 'Connection Failed' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /profile' })).toBeInTheDocument();
  });

  it('posts the single-use code once under StrictMode', async () => {
    let finish: (value: typeof connected) => void = () => {};
    const connectStrava = vi.fn(() => new Promise<typeof connected>((resolve) => (finish = resolve)));
    const router = createMemoryRouter(routes, { initialEntries: ['/auth/strava/callback?code=abc&state=s'] });
    render(
      <StrictMode>
        <TestProviders
          service={createFakeAuthService(SIGNED_IN_USER)}
          apiClient={createFakeApiClient({ connectStrava })}
        >
          <RouterProvider router={router} />
        </TestProviders>
      </StrictMode>,
    );
    await screen.findByRole('status', { name: 'Connecting to Strava...' });
    finish(connected);
    expect(await screen.findByRole('heading', { name: 'Landed on /dashboard?strava=connected' })).toBeInTheDocument();
    expect(connectStrava).toHaveBeenCalledTimes(1);
  });

  describe('without the activity permission', () => {
    const missing =
      "TrailBuddy needs permission to view data about your activities. Reconnect and keep 'View data about your activities' ticked.";

    it('says which permission is missing and reconnects from the keyboard through a fresh authorize URL', async () => {
      vi.mocked(leaveAppFor).mockClear();
      const apiClient = renderCallback(
        '?code=abc&state=s&scope=read,profile:read_all',
        vi.fn(async () => Promise.reject(new ApiError(400, 'missing_permission', missing))),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(missing);
      expect(screen.getByRole('heading', { name: 'Strava Permission Missing' })).toBeInTheDocument();
      expect(screen.queryByText(/Successfully connected/)).not.toBeInTheDocument();

      const user = userEvent.setup();
      const reconnect = screen.getByRole('button', { name: 'Reconnect Strava' });
      await user.tab();
      expect(reconnect).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(apiClient.stravaAuthorizeUrl).toHaveBeenCalledTimes(1);
      expect(leaveAppFor).toHaveBeenCalledWith('https://www.strava.com/oauth/authorize?client_id=1&state=signed');
    });

    it('says plainly when TrailBuddy cannot take more Strava accounts, and points to the other sources', async () => {
      const full =
        'TrailBuddy cannot take more Strava accounts right now. You can still bring your activities in with Google Health (Fitbit, Pixel Watch) or Apple Health from the Connections page, and try Strava again later.';
      renderCallback(
        '?code=abc&state=s&scope=read,activity:read',
        vi.fn(async () => Promise.reject(new ApiError(409, 'strava_at_capacity', full))),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(full);
      expect(screen.getByRole('heading', { name: 'Strava Is Full Right Now' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Connect Another Source' })).toHaveAttribute('href', '/profile');
      expect(screen.queryByText(/Successfully connected/)).not.toBeInTheDocument();
    });

    it('keeps the screen and explains when the authorize URL cannot be had', async () => {
      vi.mocked(leaveAppFor).mockClear();
      const apiClient = createFakeApiClient({
        connectStrava: vi.fn(async () => Promise.reject(new ApiError(400, 'missing_permission', missing))),
        stravaAuthorizeUrl: vi.fn(async () =>
          Promise.reject(new ApiError(0, 'network_error', 'Could not reach TrailBuddy.')),
        ),
      });
      renderRoutes(routes, {
        path: '/auth/strava/callback?code=abc&state=s&scope=read',
        service: createFakeAuthService(SIGNED_IN_USER),
        apiClient,
      });
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Reconnect Strava' }));
      expect(await screen.findByText(/Could not reach TrailBuddy|network/i)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reconnect Strava' })).toBeEnabled();
      expect(leaveAppFor).not.toHaveBeenCalled();
    });
  });
});
