import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// The section's content is the Health Connections component's own (tested with it); the profile only hosts it.
vi.mock('@/features/connections/components/health-connections', () => ({
  ProviderIntegrations: () => <p>Provider integrations stand-in</p>,
}));
import ProfilePage from '@/features/profile/routes/profile-page';
import { ApiError } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { profileResponse } from '../profile-fixtures';

const routes = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/', element: <h1>Home stand-in</h1> },
];

const withProfile = (overrides: Parameters<typeof createFakeApiClient>[0] = {}) =>
  createFakeApiClient({ profile: vi.fn(async () => profileResponse()), ...overrides });

describe('ProfilePage', () => {
  it('shows the email, user ID, account-created date and activity level from the API', async () => {
    const apiClient = createFakeApiClient({ profile: vi.fn(async () => profileResponse({ level: 'Advanced' })) });
    renderRoutes(routes, { path: '/profile', service: createFakeAuthService(SIGNED_IN_USER), apiClient });
    expect(await screen.findByText(SIGNED_IN_USER.email)).toBeInTheDocument();
    expect(screen.getByText('user-1')).toBeInTheDocument();
    expect(screen.getByText('June 1, 2025')).toHaveAttribute('datetime', '2025-06-01T12:00:00.000Z');
    // The level select in the form has an 'Advanced' option too; this is the text in the account details.
    expect(screen.getByText('Advanced', { selector: 'dd' })).toBeInTheDocument();
    expect(apiClient.profile).toHaveBeenCalledTimes(1);
  });

  it('says how to get an activity level before the first sync', async () => {
    renderRoutes(routes, {
      path: '/profile',
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient: createFakeApiClient({ profile: vi.fn(async () => profileResponse()) }),
    });
    expect(await screen.findByText('Sync an activity app to see it')).toBeInTheDocument();
  });

  it('shows an error with a retry when the API fails, and the form once it answers', async () => {
    const profile = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'down'))
      .mockResolvedValueOnce(profileResponse());
    renderRoutes(routes, {
      path: '/profile',
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient: createFakeApiClient({ profile }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('TrailBuddy is having trouble right now.');
    expect(screen.queryByRole('form', { name: 'Partner Profile' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(SIGNED_IN_USER.email)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Partner Profile' })).toBeInTheDocument();
  });

  it('leads to Plan & billing', async () => {
    renderRoutes(routes, {
      path: '/profile',
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient: withProfile(),
    });
    const section = await screen.findByRole('region', { name: 'Plan & billing' });
    expect(within(section).getByRole('link', { name: 'Plan & billing' })).toHaveAttribute('href', '/profile/billing');
  });

  it('has the danger zone with the delete button', async () => {
    renderRoutes(routes, {
      path: '/profile',
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient: createFakeApiClient({ profile: vi.fn(async () => profileResponse()) }),
    });
    const zone = (await screen.findByRole('heading', { name: 'Danger Zone' })).closest('section')!;
    expect(within(zone).getByRole('button', { name: 'Delete my account and data' })).toBeInTheDocument();
    expect(zone).toHaveTextContent('within 48 hours');
  });

  it('explains a Strava callback error passed in the query', async () => {
    renderRoutes(routes, {
      path: '/profile?error=access_denied',
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient: withProfile(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Strava access was not granted');
  });

  it.each([
    ['access_denied', 'Strava access was not granted, so nothing was connected.'],
    ['no_code', 'Strava did not send back an authorization code'],
    ['connection_failed', 'We could not connect your Strava account.'],
  ])('explains ?error=%s in plain words', async (code, text) => {
    renderRoutes(routes, {
      path: `/profile?error=${code}`,
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient: withProfile(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('hosts the provider integration section (cards and activities list)', async () => {
    renderRoutes(routes, {
      path: '/profile',
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient: withProfile(),
    });
    const integrations = (await screen.findByRole('heading', { name: 'Provider Integrations' })).closest('section')!;
    expect(within(integrations).getByText('Provider integrations stand-in')).toBeInTheDocument();
  });

  it('signs out and goes home', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    renderRoutes(routes, { path: '/profile', service, apiClient: withProfile() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(service.signOut).toHaveBeenCalledTimes(1);
  });
});
