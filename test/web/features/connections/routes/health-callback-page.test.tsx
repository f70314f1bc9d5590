import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionSummary } from '@shared/schemas/connections';
import HealthCallbackPage, { HEALTH_CONNECT_REDIRECT_MS } from '@/features/connections/routes/health-callback-page';
import { HEALTH_CONNECT_MARKER_KEY } from '@/features/connections/utils/callback-params';
import { ApiError, type ApiClient } from '@/lib/api-client';
import {
  createFakeApiClient,
  createFakeAuthService,
  SIGNED_IN_USER,
  stravaConnection,
  TestProviders,
} from '../../../test-utils';

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <h1>Landed on {pathname + search}</h1>;
}

const routes = [
  { path: '/auth/health/callback', element: <HealthCallbackPage /> },
  { path: '/health-connect-callback', element: <HealthCallbackPage /> },
  { path: '/apple-health-callback', element: <HealthCallbackPage /> },
  { path: '/dashboard', element: <WhereAmI /> },
  { path: '/profile', element: <WhereAmI /> },
];

const google = (overrides: Partial<ConnectionSummary> = {}) =>
  stravaConnection({
    provider: 'google_health',
    athleteFirstName: null,
    athleteLastName: null,
    providerUserIdPrefix: '10984436',
    ...overrides,
  });

function renderCallback(path: string, overrides: Partial<ApiClient> = {}, { strict = false } = {}) {
  const apiClient = createFakeApiClient(overrides);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const tree = (
    <TestProviders service={createFakeAuthService(SIGNED_IN_USER)} apiClient={apiClient}>
      <RouterProvider router={router} />
    </TestProviders>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { apiClient, router };
}

const marker = () => JSON.parse(window.localStorage.getItem(HEALTH_CONNECT_MARKER_KEY) ?? 'null');

async function expectFailure(message: string) {
  expect(await screen.findByRole('heading', { name: 'Connection Failed' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/profile');
  expect(marker()).toBeNull();
}

describe('HealthCallbackPage (spec health-connections §2, §4, §5)', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows "Connecting Your Health App..." while connecting', () => {
    renderCallback('/auth/health/callback?provider=google_health&code=c&state=s', {
      connectGoogle: vi.fn(() => new Promise<never>(() => {})),
    });
    expect(screen.getByRole('status', { name: 'Connecting Your Health App...' })).toBeInTheDocument();
    expect(screen.getByText('Connecting Your Health App...')).toBeInTheDocument();
  });

  it("exchanges Google's code once (even in StrictMode), marks success locally and goes to the dashboard after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-10T10:00:00.000Z'));
    const connectGoogle = vi.fn(async () => ({ connection: google(), sync: null }));
    renderCallback(
      '/auth/health/callback?provider=google_health&code=4%2F0Ab&state=signed&scope=openid',
      { connectGoogle },
      { strict: true },
    );
    expect(await screen.findByRole('heading', { name: 'Successfully Connected!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Google Health is connected.');
    expect(connectGoogle).toHaveBeenCalledTimes(1);
    expect(connectGoogle).toHaveBeenCalledWith({ code: '4/0Ab', state: 'signed', scope: 'openid' });
    await waitFor(() =>
      expect(marker()).toEqual({
        provider: 'google_health',
        connectedAt: expect.stringMatching(/^2026-03-10T10:00:0\d\.\d{3}Z$/),
      }),
    );

    await act(() => vi.advanceTimersByTimeAsync(HEALTH_CONNECT_REDIRECT_MS - 100));
    expect(screen.queryByRole('heading', { name: /Landed on/ })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('heading', { name: 'Landed on /dashboard' })).toBeInTheDocument();
    expect(HEALTH_CONNECT_REDIRECT_MS).toBe(2000);
  });

  it.each([
    ['/health-connect-callback', 'Unknown health provider'],
    [
      '/auth/health/callback?provider=google_health&error=access_denied',
      'Google Health authorization failed: access_denied',
    ],
    ['/auth/health/callback?provider=google_health&state=s', 'No Google OAuth session found after authorization'],
    ['/auth/health/callback?provider=strava&state=s', 'No authorization code received from Strava'],
    ['/auth/health/callback?provider=strava&error=access_denied', 'Strava authorization failed: access_denied'],
    ['/apple-health-callback?auth_success=false', 'Apple Health authorization was not successful'],
  ])('%s fails with "%s" without calling the API', async (path, message) => {
    const { apiClient } = renderCallback(path, { connectGoogle: vi.fn(), connectStrava: vi.fn() });
    await expectFailure(message);
    expect(apiClient.connectGoogle).not.toHaveBeenCalled();
    expect(apiClient.connectStrava).not.toHaveBeenCalled();
  });

  it('says "Failed to connect Google Health" when the connect does not come back active', async () => {
    renderCallback('/auth/health/callback?provider=google_health&code=c&state=s', {
      connectGoogle: vi.fn(async () => ({ connection: google({ isActive: false }), sync: null })),
    });
    await expectFailure('Failed to connect Google Health');
  });

  it("shows the server's reason when it refuses the code (e.g. no fitness scope granted)", async () => {
    const refusal = new ApiError(
      400,
      'missing_activity_scope',
      'Google Health access was not granted. Allow TrailBuddy to read your fitness data and try again.',
    );
    renderCallback('/auth/health/callback?provider=google_health&code=c&state=s', {
      connectGoogle: vi.fn(async () => Promise.reject(refusal)),
    });
    await expectFailure('Google Health access was not granted.');
  });

  it('says "Failed to connect Google Health" when the server fails', async () => {
    renderCallback('/auth/health/callback?provider=google_health&code=c&state=s', {
      connectGoogle: vi.fn(async () => Promise.reject(new ApiError(502, 'google_error', 'upstream'))),
    });
    await expectFailure('Failed to connect Google Health');
  });

  it('connects Strava through the shared screen when the query names it', async () => {
    const connectStrava = vi.fn(async () => ({ connection: stravaConnection(), sync: null }));
    renderCallback('/auth/health/callback?provider=strava&code=abc&state=s', { connectStrava });
    expect(await screen.findByRole('heading', { name: 'Successfully Connected!' })).toBeInTheDocument();
    expect(connectStrava).toHaveBeenCalledWith({ code: 'abc', state: 's' });
    // The marker is written by an effect after the success screen commits.
    await waitFor(() => expect(marker()).toMatchObject({ provider: 'strava' }));
  });

  it('Apple: with auth_success=true, succeeds only if the Apple Health connection is there', async () => {
    renderCallback('/apple-health-callback?auth_success=true', {
      connections: vi.fn(async () => ({
        connections: [google({ provider: 'apple_health', providerUserIdPrefix: 'A1F3C9E2' })],
      })),
    });
    expect(await screen.findByRole('heading', { name: 'Successfully Connected!' })).toBeInTheDocument();
    // The marker is written by an effect after the success screen commits.
    await waitFor(() => expect(marker()).toMatchObject({ provider: 'apple_health' }));
  });

  it('Apple: "Failed to connect Apple Health" when no connection came of it', async () => {
    renderCallback('/apple-health-callback?auth_success=true', {
      connections: vi.fn(async () => ({ connections: [] })),
    });
    await expectFailure('Failed to connect Apple Health');
  });

  describe('window messages', () => {
    // The Shortcut reported success; the connection check never answers, so only a message can end the wait.
    const WAITING_PATH = '/health-connect-callback?provider=apple_health&auth_success=true';
    const post = (data: unknown, origin: string) =>
      act(() => window.dispatchEvent(new MessageEvent('message', { data, origin })));

    it('accepts HEALTH_CONNECT_ERROR from this origin and shows it', async () => {
      renderCallback(WAITING_PATH, { connections: vi.fn(() => new Promise<never>(() => {})) });
      post({ type: 'HEALTH_CONNECT_ERROR', error: 'HealthKit authorization denied' }, window.location.origin);
      await expectFailure('HealthKit authorization denied');
    });

    it('accepts HEALTH_CONNECT_SUCCESS from this origin and saves the result locally', async () => {
      renderCallback(WAITING_PATH, { connections: vi.fn(() => new Promise<never>(() => {})) });
      post({ type: 'HEALTH_CONNECT_SUCCESS', result: { provider: 'apple_health' } }, window.location.origin);
      expect(await screen.findByRole('heading', { name: 'Successfully Connected!' })).toBeInTheDocument();
      await waitFor(() => expect(marker()).toMatchObject({ provider: 'apple_health' }));
    });

    it('ignores messages from any other origin', async () => {
      renderCallback(WAITING_PATH, { connections: vi.fn(() => new Promise<never>(() => {})) });
      post({ type: 'HEALTH_CONNECT_SUCCESS', result: { provider: 'apple_health' } }, 'https://evil.example');
      post({ type: 'HEALTH_CONNECT_ERROR', error: 'x' }, 'https://evil.example');
      await waitFor(() =>
        expect(screen.getByRole('status', { name: 'Connecting Your Health App...' })).toBeInTheDocument(),
      );
      expect(screen.queryByRole('heading', { name: 'Successfully Connected!' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(marker()).toBeNull();
    });
  });
});
