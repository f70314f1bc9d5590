import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import TripStopPage from '@/features/trip-plans/routes/trip-stop-page';
import { ApiError } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes } from '../../../test-utils';

const TOKEN = 'a'.repeat(43);

function renderPage(stop: 'sender' | 'address', overrides: Parameters<typeof createFakeApiClient>[0]) {
  const apiClient = createFakeApiClient(overrides);
  renderRoutes([{ path: '/trip-stop/:token', element: <TripStopPage /> }], {
    path: `/trip-stop/${TOKEN}?stop=${stop}`,
    service: createFakeAuthService(null),
    apiClient,
  });
  return apiClient;
}

describe('TripStopPage', () => {
  it('opening the link stops nothing; the confirm button does', async () => {
    const confirmTripContactStop = vi.fn(async () => ({ stopped: 'sender' as const, senderName: 'Avery' }));
    renderPage('sender', { tripContactStop: vi.fn(async () => ({ senderName: 'Avery' })), confirmTripContactStop });
    const button = await screen.findByRole('button', { name: "I don't know this person" });
    expect(confirmTripContactStop).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(confirmTripContactStop).toHaveBeenCalledWith(TOKEN, 'sender');
    expect(
      await screen.findByText('Done. Avery can no longer send you anything through TrailBuddy.'),
    ).toBeInTheDocument();
  });

  it('offers "Never email me" first from that link', async () => {
    const confirmTripContactStop = vi.fn(async () => ({ stopped: 'address' as const, senderName: 'Avery' }));
    renderPage('address', { tripContactStop: vi.fn(async () => ({ senderName: 'Avery' })), confirmTripContactStop });
    await userEvent.click(await screen.findByRole('button', { name: 'Never email me' }));
    expect(confirmTripContactStop).toHaveBeenCalledWith(TOKEN, 'address');
    expect(await screen.findByText('Done. TrailBuddy will not email this address again.')).toBeInTheDocument();
  });

  it('says when the link is not valid', async () => {
    renderPage('sender', {
      tripContactStop: vi.fn(async () => Promise.reject(new ApiError(404, 'not_found', 'Not found.'))),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more.');
  });
});
