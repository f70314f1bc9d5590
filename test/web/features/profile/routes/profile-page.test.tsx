import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ProfilePage from '@/features/profile/routes/profile-page';
import { ApiError } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';

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

  it('signs out and goes home', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    renderRoutes(routes, { path: '/profile', service });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(service.signOut).toHaveBeenCalledTimes(1);
  });
});
