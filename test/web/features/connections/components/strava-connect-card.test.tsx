import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncResponse } from '@shared/schemas/connections';
import {
  DISCONNECT_STRAVA_CONFIRMATION,
  StravaConnectCard,
} from '@/features/connections/components/strava-connect-card';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { useStravaConnection } from '@/features/connections/hooks/use-strava-connection';
import { leaveAppFor } from '@/lib/navigation';
import {
  createFakeApiClient,
  createFakeAuthService,
  SIGNED_IN_USER,
  stravaConnection,
  TestProviders,
} from '../../../test-utils';

vi.mock('@/lib/navigation', () => ({ leaveAppFor: vi.fn() }));

function Harness() {
  const strava = useStravaConnection();
  return <StravaConnectCard strava={strava} showLastSync />;
}

function renderCard(overrides: Partial<ApiClient> = {}) {
  const apiClient = createFakeApiClient(overrides);
  render(
    <TestProviders service={createFakeAuthService(SIGNED_IN_USER)} apiClient={apiClient}>
      <Harness />
    </TestProviders>,
  );
  return apiClient;
}

const connectedClient = () => ({ connections: vi.fn(async () => ({ connections: [stravaConnection()] })) });
const synced = (imported: number): SyncResponse => ({
  kind: 'synced',
  result: { provider: 'strava', imported, updated: 2, lastSyncAt: '2026-02-03T10:00:00.000Z' },
});

describe('StravaConnectCard (spec health-connections §2)', () => {
  beforeEach(() => {
    vi.mocked(leaveAppFor).mockClear();
  });

  it('shows "Connecting to Strava..." while the connection loads', async () => {
    renderCard({ connections: vi.fn(() => new Promise<never>(() => {})) });
    expect(await screen.findByRole('status', { name: 'Connecting to Strava...' })).toBeInTheDocument();
  });

  it('shows an error with a retry that reloads', async () => {
    const connections = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'down'))
      .mockResolvedValueOnce({ connections: [] });
    renderCard({ connections });
    expect(await screen.findByRole('alert')).toHaveTextContent('TrailBuddy is having trouble right now.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Connect Your Strava Account' })).toBeInTheDocument();
    expect(connections).toHaveBeenCalledTimes(2);
  });

  it('when not connected, invites a connect and leaves for the authorize URL', async () => {
    const url = 'https://www.strava.com/oauth/authorize?client_id=1&state=signed';
    const apiClient = renderCard({ stravaAuthorizeUrl: vi.fn(async () => ({ url })) });
    expect(await screen.findByRole('heading', { name: 'Connect Your Strava Account' })).toBeInTheDocument();
    expect(screen.getByText('Link your Strava account to view and analyze your activities.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect with Strava' }));
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith(url));
    expect(apiClient.stravaAuthorizeUrl).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Connecting to Strava...' })).toBeInTheDocument();
  });

  it('shows why a connect could not start, and retries it', async () => {
    const stravaAuthorizeUrl = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(0, 'network_error', 'Could not reach TrailBuddy. Check your connection and try again.'),
      )
      .mockResolvedValueOnce({ url: 'https://www.strava.com/oauth/authorize?x=1' });
    renderCard({ stravaAuthorizeUrl });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connect with Strava' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach TrailBuddy.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('https://www.strava.com/oauth/authorize?x=1'));
  });

  it("when connected, shows the athlete's name and the last sync", async () => {
    renderCard(connectedClient());
    expect(await screen.findByRole('heading', { name: 'Connected to Strava' })).toBeInTheDocument();
    expect(screen.getByText('Maya Chen')).toBeInTheDocument();
    expect(screen.getByText(/Last synced:/)).toContainElement(
      screen.getByText((_, el) => el?.getAttribute('datetime') === '2026-01-02T09:30:00.000Z'),
    );
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  });

  it('asks in a dialog before disconnecting; cancelling changes nothing and returns focus', async () => {
    const apiClient = renderCard(connectedClient());
    const user = userEvent.setup();
    const disconnect = await screen.findByRole('button', { name: 'Disconnect' });
    await user.click(disconnect);
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect Strava' });
    expect(dialog).toHaveTextContent('Are you sure you want to disconnect your Strava account?');
    expect(DISCONNECT_STRAVA_CONFIRMATION).toBe('Are you sure you want to disconnect your Strava account?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(apiClient.disconnect).not.toHaveBeenCalled();
    expect(disconnect).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Connected to Strava' })).toBeInTheDocument();
  });

  it('closes the confirmation with Escape without disconnecting', async () => {
    const apiClient = renderCard(connectedClient());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(apiClient.disconnect).not.toHaveBeenCalled();
  });

  it('disconnects after confirmation and offers to connect again', async () => {
    const apiClient = renderCard(connectedClient());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('heading', { name: 'Connect Your Strava Account' })).toBeInTheDocument();
    expect(apiClient.disconnect).toHaveBeenCalledWith('strava');
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent(
      'Your Strava account is disconnected.',
    );
  });

  it('reports a failed disconnect and stays connected', async () => {
    renderCard({
      ...connectedClient(),
      disconnect: vi.fn(async () => Promise.reject(new ApiError(502, 'provider_error', 'x'))),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Failed to disconnect Strava')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connected to Strava' })).toBeInTheDocument();
  });

  it('syncs with a visible progress state, then toasts how many activities were new', async () => {
    let finish: (value: SyncResponse) => void = () => {};
    const sync = vi.fn(() => new Promise<SyncResponse>((resolve) => (finish = resolve)));
    renderCard({ ...connectedClient(), sync });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync now' }));
    const progress = screen.getByRole('button', { name: 'Syncing...' });
    expect(progress).toBeDisabled();
    expect(progress).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeDisabled();
    finish(synced(3));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(toasts).toHaveTextContent('3 new activities'));
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    expect(sync).toHaveBeenCalledWith('strava');
    // Server data reaches the screen through a deferred value: a busy machine can paint it a frame after the toast.
    await waitFor(() =>
      expect(within(screen.getByText(/Last synced:/)).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute(
        'datetime',
        '2026-02-03T10:00:00.000Z',
      ),
    );
  });

  it('toasts a filed sync request and the rate-limit message of a refused sync', async () => {
    const sync = vi
      .fn()
      .mockResolvedValueOnce({
        kind: 'requested',
        request: {
          id: 'r1',
          request_type: 'activities_sync',
          status: 'pending',
          requested_at: '2026-02-03T10:00:00.000Z',
          updated_at: '2026-02-03T10:00:00.000Z',
          completed_at: null,
          error_message: null,
        },
      })
      .mockRejectedValueOnce(
        new ApiError(429, 'rate_limited', '15-minute rate limit exceeded. Try again in 15 minutes'),
      );
    renderCard({ ...connectedClient(), sync });
    const user = userEvent.setup();
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(toasts).toHaveTextContent('Sync requested.'));
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(toasts).toHaveTextContent('15-minute rate limit exceeded. Try again in 15 minutes'));
  });
});
