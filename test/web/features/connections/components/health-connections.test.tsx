import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionSummary, SyncResponse } from '@shared/schemas/connections';
import {
  GOOGLE_HEALTH_COVERS_NOTE,
  HealthConnections,
  ProviderIntegrations,
} from '@/features/connections/components/health-connections';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { APPLE_SHORTCUT_STORAGE_KEY } from '@/features/connections/utils/apple-shortcut-setup';
import type { Platform } from '@/features/connections/utils/platform';
import { leaveAppFor } from '@/lib/navigation';
import {
  activity,
  createFakeApiClient,
  createFakeAuthService,
  SIGNED_IN_USER,
  stravaConnection,
  TestProviders,
} from '../../../test-utils';

vi.mock('@/lib/navigation', () => ({ leaveAppFor: vi.fn() }));

const googleConnection = (overrides: Partial<ConnectionSummary> = {}): ConnectionSummary =>
  stravaConnection({
    provider: 'google_health',
    athleteFirstName: null,
    athleteLastName: null,
    providerUserIdPrefix: '10984436',
    lastSyncAt: '2026-01-03T08:00:00.000Z',
    ...overrides,
  });
const appleConnection = (overrides: Partial<ConnectionSummary> = {}): ConnectionSummary =>
  googleConnection({ provider: 'apple_health', providerUserIdPrefix: 'A1F3C9E2', lastSyncAt: null, ...overrides });

const withConnections = (...connections: ConnectionSummary[]) => ({
  connections: vi.fn(async () => ({ connections })),
});

const synced = (
  provider: ConnectionSummary['provider'],
  imported: number,
  lastSyncAt = '2026-02-03T10:00:00.000Z',
): SyncResponse => ({
  kind: 'synced',
  result: { provider, imported, updated: 0, lastSyncAt },
});

function renderScreen(
  overrides: Partial<ApiClient> = {},
  { platform, integrations = false }: { platform?: Platform; integrations?: boolean } = {},
) {
  const apiClient = createFakeApiClient(overrides);
  render(
    <TestProviders service={createFakeAuthService(SIGNED_IN_USER)} apiClient={apiClient}>
      {integrations ? <ProviderIntegrations platform={platform} /> : <HealthConnections platform={platform} />}
    </TestProviders>,
  );
  return apiClient;
}

const card = (name: string) => screen.getByRole('article', { name });
const findCard = async (name: string) => screen.findByRole('article', { name });

describe('HealthConnections (spec health-connections §2)', () => {
  beforeEach(() => {
    vi.mocked(leaveAppFor).mockClear();
    window.localStorage.clear();
  });

  it('titles the screen and detects the platform from the user agent', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Health Connections', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/find compatible workout partners/)).toBeInTheDocument();
    const banner = screen.getByTestId('platform-banner');
    expect(banner).toHaveTextContent('Platform: iOS');
    expect(banner).toHaveTextContent('On iPhone you can connect Strava and Apple Health.');
    expect(within(await findCard('Apple Health')).getByRole('button', { name: 'Connect Apple Health' })).toBeEnabled();
  });

  it.each<[Platform, string]>([
    ['android', 'On Android you can connect Strava and Google Health.'],
    ['web', 'You can connect Strava from any device.'],
  ])('shows the %s hint', async (platform, hint) => {
    renderScreen({}, { platform });
    expect(screen.getByTestId('platform-banner')).toHaveTextContent(hint);
    await findCard('Strava');
  });

  it('shows the three provider cards with descriptions, platforms and a Connect button each (web)', async () => {
    renderScreen({}, { platform: 'web' });
    const strava = await findCard('Strava');
    expect(strava).toHaveTextContent('All platforms');
    expect(strava).toHaveTextContent(/runs, rides and hikes/);
    expect(within(strava).getByRole('button', { name: 'Connect with Strava' })).toBeEnabled();

    const google = card('Google Health');
    expect(google).toHaveTextContent('All platforms');
    expect(google).toHaveTextContent(GOOGLE_HEALTH_COVERS_NOTE);
    expect(GOOGLE_HEALTH_COVERS_NOTE).toMatch(/Fitbit and Pixel Watch/);
    expect(within(google).getByRole('button', { name: 'Connect Google Health' })).toBeEnabled();

    const apple = card('Apple Health');
    expect(apple).toHaveTextContent('iOS only');
    expect(within(apple).getByRole('button', { name: 'Not Available' })).toBeDisabled();
    expect(apple).toHaveTextContent('Available on iOS devices only');
    expect(apple).toHaveTextContent('Apple Health is only available on iOS devices');
    expect(within(apple).queryByRole('button', { name: 'Connect Apple Health' })).not.toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Sync All' })).not.toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Tips for better matching' })).toBeInTheDocument();
  });

  it('shows Connected, the identity line and the last sync on connected cards, and Sync All with Last synchronized', async () => {
    renderScreen(
      withConnections(stravaConnection(), googleConnection(), appleConnection({ providerUserIdPrefix: null })),
      { platform: 'web' },
    );
    const strava = await findCard('Strava');
    expect(within(strava).getByText('Connected')).toBeInTheDocument();
    expect(strava).toHaveTextContent('Maya Chen');
    expect(within(strava).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2026-01-02T09:30:00.000Z',
    );
    expect(within(strava).getByRole('button', { name: 'Disconnect Strava' })).toBeEnabled();

    const google = card('Google Health');
    expect(google).toHaveTextContent('User ID: 10984436');
    expect(google).toHaveTextContent(/Last sync:/);

    // Connected from an iPhone earlier: on the web it still shows, and can be disconnected.
    const apple = card('Apple Health');
    expect(within(apple).getAllByText('Connected')).toHaveLength(2);
    expect(apple).toHaveTextContent('Not synced yet');
    expect(within(apple).getByRole('button', { name: 'Disconnect Apple Health' })).toBeEnabled();

    expect(screen.getByRole('button', { name: 'Sync All' })).toBeEnabled();
    // The newest sync across the connections (Google Health's).
    expect(within(screen.getByText(/Last synchronized:/)).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2026-01-03T08:00:00.000Z',
    );
  });

  it('leaves for Strava and Google authorize URLs from their Connect buttons', async () => {
    const googleUrl = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=x&state=signed';
    const apiClient = renderScreen(
      { googleAuthorizeUrl: vi.fn(async () => ({ url: googleUrl })) },
      { platform: 'android' },
    );
    const user = userEvent.setup();
    await user.click(within(await findCard('Google Health')).getByRole('button', { name: 'Connect Google Health' }));
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith(googleUrl));
    expect(within(card('Google Health')).getByRole('button', { name: 'Connecting...' })).toBeDisabled();
    await user.click(within(card('Strava')).getByRole('button', { name: 'Connect with Strava' }));
    await waitFor(() =>
      expect(leaveAppFor).toHaveBeenCalledWith('https://www.strava.com/oauth/authorize?client_id=1&state=signed'),
    );
    expect(apiClient.googleAuthorizeUrl).toHaveBeenCalledTimes(1);
  });

  it('shows why a connect could not start on that card', async () => {
    renderScreen(
      {
        googleAuthorizeUrl: vi.fn(async () =>
          Promise.reject(new ApiError(409, 'google_not_configured', 'Google Health is not configured here.')),
        ),
      },
      { platform: 'web' },
    );
    await userEvent
      .setup()
      .click(within(await findCard('Google Health')).getByRole('button', { name: 'Connect Google Health' }));
    expect(await within(card('Google Health')).findByRole('alert')).toHaveTextContent(
      'Google Health is not configured here.',
    );
    expect(within(card('Google Health')).getByRole('button', { name: 'Connect Google Health' })).toBeEnabled();
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('asks "Are you sure you want to disconnect Google Health?" in a dialog; Cancel keeps it', async () => {
    const apiClient = renderScreen(withConnections(googleConnection()), { platform: 'web' });
    const user = userEvent.setup();
    await user.click(within(await findCard('Google Health')).getByRole('button', { name: 'Disconnect Google Health' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect Google Health' });
    expect(dialog).toHaveTextContent('Are you sure you want to disconnect Google Health?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(apiClient.disconnect).not.toHaveBeenCalled();
    expect(within(card('Google Health')).getByRole('button', { name: 'Disconnect Google Health' })).toHaveFocus();
  });

  it('disconnects after confirmation: the card offers Connect again and Sync All goes away', async () => {
    const apiClient = renderScreen(withConnections(googleConnection()), { platform: 'web' });
    const user = userEvent.setup();
    await user.click(within(await findCard('Google Health')).getByRole('button', { name: 'Disconnect Google Health' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }));
    expect(await within(card('Google Health')).findByRole('button', { name: 'Connect Google Health' })).toBeEnabled();
    expect(apiClient.disconnect).toHaveBeenCalledWith('google_health');
    expect(screen.queryByRole('button', { name: 'Sync All' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Google Health is disconnected.');
  });

  it('reports "Failed to disconnect Apple Health" and stays connected', async () => {
    renderScreen(
      {
        ...withConnections(appleConnection()),
        disconnect: vi.fn(async () => Promise.reject(new ApiError(500, 'internal', 'x'))),
      },
      { platform: 'ios' },
    );
    const user = userEvent.setup();
    await user.click(within(await findCard('Apple Health')).getByRole('button', { name: 'Disconnect Apple Health' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Failed to disconnect Apple Health')).toBeInTheDocument();
    expect(within(card('Apple Health')).getByRole('button', { name: 'Disconnect Apple Health' })).toBeInTheDocument();
  });

  it('Sync All syncs each connected provider in turn with visible progress, then updates Last synchronized', async () => {
    const pending: Array<(response: SyncResponse) => void> = [];
    const sync = vi.fn(() => new Promise<SyncResponse>((resolve) => pending.push(resolve)));
    renderScreen({ ...withConnections(googleConnection(), stravaConnection()), sync }, { platform: 'web' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sync All' }));

    const progress = screen.getByRole('button', { name: 'Syncing Strava… 1 of 2' });
    expect(progress).toBeDisabled();
    expect(progress).toHaveAttribute('aria-busy', 'true');
    expect(within(card('Strava')).getByRole('button', { name: 'Disconnect Strava' })).toBeDisabled();
    expect(sync).toHaveBeenCalledTimes(1);
    expect(sync).toHaveBeenLastCalledWith('strava');

    pending[0]!(synced('strava', 2, '2026-02-03T10:00:00.000Z'));
    expect(await screen.findByRole('button', { name: 'Syncing Google Health… 2 of 2' })).toBeDisabled();
    expect(sync).toHaveBeenLastCalledWith('google_health');
    pending[1]!(synced('google_health', 1, '2026-02-03T10:01:00.000Z'));

    expect(await screen.findByRole('button', { name: 'Sync All' })).toBeEnabled();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent(
        'Sync complete: 3 new activities',
      ),
    );
    // Server data reaches the screen through a deferred value: a busy machine can paint it a frame after the toast.
    await waitFor(() =>
      expect(
        within(screen.getByText(/Last synchronized:/)).getByText((_, el) => el?.tagName === 'TIME'),
      ).toHaveAttribute('datetime', '2026-02-03T10:01:00.000Z'),
    );
    expect(sync).toHaveBeenCalledTimes(2);
  });

  it('shows the spec §8 text for each provider that failed, and still syncs the others', async () => {
    const sync = vi.fn(async (provider: ConnectionSummary['provider']) => {
      if (provider === 'strava')
        throw new ApiError(409, 'strava_reconnect_required', 'Authentication failed for Strava. Please reconnect.');
      if (provider === 'google_health') throw new ApiError(0, 'network_error', 'offline');
      return synced(provider, 1);
    });
    renderScreen(
      { ...withConnections(stravaConnection(), googleConnection(), appleConnection()), sync },
      { platform: 'ios' },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync All' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Authentication failed for Strava. Please reconnect.',
      'Network error while syncing Google Health. Please try again.',
    ]);
    expect(sync.mock.calls.map(([provider]) => provider)).toEqual(['strava', 'google_health', 'apple_health']);
  });

  it('shows a spinner while the connections load', () => {
    renderScreen({ connections: vi.fn(() => new Promise<never>(() => {})) }, { platform: 'web' });
    expect(screen.getByRole('status', { name: 'Loading your health connections' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('offers Try Again when the connections cannot be read', async () => {
    const connections = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'down'))
      .mockResolvedValueOnce({ connections: [] });
    renderScreen({ connections }, { platform: 'web' });
    expect(await screen.findByRole('alert')).toHaveTextContent('TrailBuddy is having trouble right now.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await findCard('Strava')).toBeInTheDocument();
    expect(connections).toHaveBeenCalledTimes(2);
  });

  it('on iOS, Connect Apple Health runs the setup dialog; the issued token stays on the card until saved', async () => {
    const credentials = {
      token: 'tb_ingest_0123456789abcdef0123456789abcdef',
      ingestUrl: 'http://localhost:3000/api/apple/ingest',
      shortcutUrl: 'https://www.icloud.com/shortcuts/trailbuddy',
    };
    const issueAppleIngestToken = vi.fn(async () => ({ connection: appleConnection(), ...credentials }));
    renderScreen({ issueAppleIngestToken }, { platform: 'ios' });
    const user = userEvent.setup();
    await user.click(within(await findCard('Apple Health')).getByRole('button', { name: 'Connect Apple Health' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect Apple Health' });
    await user.click(within(dialog).getByRole('button', { name: 'Get Started' }));
    await user.click(within(dialog).getByRole('button', { name: 'Get my ingest token' }));
    expect(await within(dialog).findByLabelText('Ingest token')).toHaveValue(credentials.token);
    expect(issueAppleIngestToken).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(APPLE_SHORTCUT_STORAGE_KEY)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: "I've installed it" }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Skip setup and try connecting anyway' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(issueAppleIngestToken).toHaveBeenCalledTimes(1);

    const apple = card('Apple Health');
    expect(apple).toHaveTextContent('User ID: A1F3C9E2');
    expect(within(apple).getByLabelText('Ingest token')).toHaveValue(credentials.token);
    await user.click(within(apple).getByRole('button', { name: "I've saved my token" }));
    expect(within(apple).queryByLabelText('Ingest token')).not.toBeInTheDocument();
    expect(within(apple).getByRole('button', { name: 'Issue a new ingest token' })).toBeInTheDocument();
  });

  it('issues a new Apple ingest token only after warning that the old one stops working', async () => {
    const issueAppleIngestToken = vi.fn(async () => ({
      connection: appleConnection(),
      token: 'tb_ingest_ffffffffffffffffffffffffffffffff',
      ingestUrl: 'http://localhost:3000/api/apple/ingest',
      shortcutUrl: 'https://www.icloud.com/shortcuts/trailbuddy',
    }));
    renderScreen({ ...withConnections(appleConnection()), issueAppleIngestToken }, { platform: 'ios' });
    const user = userEvent.setup();
    await user.click(within(await findCard('Apple Health')).getByRole('button', { name: 'Issue a new ingest token' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Issue a new ingest token' });
    expect(dialog).toHaveTextContent('Your current token stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(issueAppleIngestToken).not.toHaveBeenCalled();
    await user.click(within(card('Apple Health')).getByRole('button', { name: 'Issue a new ingest token' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Issue new token' }));
    expect(await within(card('Apple Health')).findByLabelText('Ingest token')).toHaveValue(
      'tb_ingest_ffffffffffffffffffffffffffffffff',
    );
  });
});

describe('ProviderIntegrations', () => {
  beforeEach(() => window.localStorage.clear());

  it('with nothing connected, says to connect Strava instead of listing activities', async () => {
    const apiClient = renderScreen({}, { platform: 'web', integrations: true });
    expect(await screen.findByText('Connect your Strava account to view your activities.')).toBeInTheDocument();
    expect(apiClient.activities).not.toHaveBeenCalled();
  });

  it('lists activities from a Google-only connection, with provider badges and no Strava usage indicator', async () => {
    const apiClient = renderScreen(
      {
        ...withConnections(googleConnection()),
        activities: vi.fn(async () => ({
          activities: [
            activity({
              provider_type: 'google_health',
              provider_activity_id: 'gf-1',
              activity_type: 'Walk',
              name: 'Lunchtime Walk',
            }),
          ],
          nextCursor: null,
        })),
      },
      { platform: 'web', integrations: true },
    );
    const item = (await screen.findByRole('heading', { name: 'Lunchtime Walk' })).closest('article')!;
    expect(item).toHaveTextContent('Google Health');
    expect(apiClient.stravaUsage).not.toHaveBeenCalled();
    expect(screen.queryByTestId('api-usage')).not.toBeInTheDocument();
  });

  it('reloads the list after Sync All', async () => {
    const activities = vi.fn(async () => ({ activities: [activity()], nextCursor: null }));
    renderScreen(
      { ...withConnections(stravaConnection()), activities, sync: vi.fn(async () => synced('strava', 1)) },
      { platform: 'web', integrations: true },
    );
    await screen.findByRole('heading', { name: 'Morning Run' });
    expect(await screen.findByTestId('api-usage')).toBeInTheDocument();
    const before = activities.mock.calls.length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sync All' }));
    await waitFor(() => expect(activities.mock.calls.length).toBeGreaterThan(before));
  });
});
