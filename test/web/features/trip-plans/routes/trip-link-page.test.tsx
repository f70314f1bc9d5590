import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SharedTripPlan } from '@shared/schemas/trip-plans';
import TripLinkPage from '@/features/trip-plans/routes/trip-link-page';
import { createFakeApiClient, renderRoutes } from '../../../test-utils';
import { tripPlan } from '../trip-plan-fixtures';

const TOKEN = 'Tok3n-of_43-characters-from-the-email-link0';

function sharedPlan(): SharedTripPlan {
  const { ownerId: _owner, activityId: _activity, contacts: _contacts, party: _party, ...rest } = tripPlan();
  return { ...rest, party: ['Jordan'] };
}

function renderLink(path: string) {
  const apiClient = createFakeApiClient({ sharedTripPlan: vi.fn(async () => sharedPlan()) });
  const { router } = renderRoutes(
    [
      { path: '/trip-link', element: <TripLinkPage /> },
      { path: '/trip-link/:token', element: <TripLinkPage /> },
    ],
    { path, apiClient },
  );
  return { apiClient, router };
}

describe('TripLinkPage', () => {
  it('reads the token from the fragment, which the browser never sends to a server', async () => {
    const { apiClient } = renderLink(`/trip-link#${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip plan: Lynn Headwaters' })).toBeInTheDocument();
    expect(apiClient.sharedTripPlan).toHaveBeenCalledWith(TOKEN);
  });

  it('opens a link mailed with the token in its path, then moves the token into the fragment', async () => {
    const { apiClient, router } = renderLink(`/trip-link/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip plan: Lynn Headwaters' })).toBeInTheDocument();
    expect(apiClient.sharedTripPlan).toHaveBeenCalledWith(TOKEN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/trip-link'));
    expect(router.state.location.hash).toBe(`#${TOKEN}`);
  });
});
