import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ProfilePage from '@/features/profile/routes/profile-page';
import { ApiError } from '@/lib/api-client';
import { activity, createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER, stravaConnection } from '../../../test-utils';

const routes = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/', element: <h1>Home stand-in</h1> },
];

describe('ProfilePage', () => {
  it('shows the email, user ID and account-created date from the API', async () => {
    const apiClient = createFakeApiClient();
    renderRoutes(routes, { path: '/profile', service: createFakeAuthService(SIGNED_IN_USER), apiClient });
    expect(await screen.findByText(SIGNED_IN_USER.email)).toBeInTheDocument();
    expect(screen.getByText('user-1')).toBeInTheDocument();
    expect(screen.getByText('June 1, 2025')).toHaveAttribute('datetime', '2025-06-01T12:00:00.000Z');
    expect(apiClient.me).toHaveBeenCalledTimes(1);
  });

  it('shows an error with a retry when the API fails', async () => {
    const me = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'down'))
      .mockResolvedValueOnce({ id: 'user-1', email: SIGNED_IN_USER.email, createdAt: '2025-06-01T12:00:00.000Z' });
    renderRoutes(routes, { path: '/profile', service: createFakeAuthService(SIGNED_IN_USER), apiClient: createFakeApiClient({ me }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('TrailBuddy is having trouble right now.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(SIGNED_IN_USER.email)).toBeInTheDocument();
  });

  it('explains a Strava callback error passed in the query', async () => {
    renderRoutes(routes, { path: '/profile?error=access_denied', service: createFakeAuthService(SIGNED_IN_USER) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Strava access was not granted');
  });

  it.each([
    ['access_denied', 'Strava access was not granted, so nothing was connected.'],
    ['no_code', 'Strava did not send back an authorization code'],
    ['connection_failed', 'We could not connect your Strava account.'],
  ])('explains ?error=%s in plain words', async (code, text) => {
    renderRoutes(routes, { path: `/profile?error=${code}`, service: createFakeAuthService(SIGNED_IN_USER) });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('has a provider integration section with the Strava card and the activities list', async () => {
    const apiClient = createFakeApiClient({
      connections: vi.fn(async () => ({ connections: [stravaConnection({ lastSyncAt: '2026-01-02T09:30:00.000Z' })] })),
      activities: vi.fn(async () => ({ activities: [activity({ name: 'Lynn Canyon Loop' })], nextCursor: null })),
    });
    renderRoutes(routes, { path: '/profile', service: createFakeAuthService(SIGNED_IN_USER), apiClient });
    const integrations = (await screen.findByRole('heading', { name: 'Provider Integrations' })).closest('section');
    if (!integrations) throw new Error('no integrations section');
    expect(await within(integrations).findByText('Connected to Strava')).toBeInTheDocument();
    expect(within(integrations).getByText('Maya Chen')).toBeInTheDocument();
    expect(within(integrations).getByText(/Last synced:/)).toBeInTheDocument();
    expect(await screen.findByText('Lynn Canyon Loop')).toBeInTheDocument();
  });

  it('asks to connect Strava before listing activities', async () => {
    const apiClient = createFakeApiClient();
    renderRoutes(routes, { path: '/profile', service: createFakeAuthService(SIGNED_IN_USER), apiClient });
    expect(await screen.findByRole('button', { name: 'Connect with Strava' })).toBeInTheDocument();
    expect(screen.getByText('Connect your Strava account to view your activities.')).toBeInTheDocument();
    expect(apiClient.activities).not.toHaveBeenCalled();
  });

  it('signs out and goes home', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    renderRoutes(routes, { path: '/profile', service });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(service.signOut).toHaveBeenCalledTimes(1);
  });
});
