import { describe, expect, it } from 'vitest';
import type { ConnectionSummary } from '@shared/schemas/connections';
import { ApiError } from '@/lib/api-client';
import {
  APPLE_SHORTCUT_STORAGE_KEY,
  initialAppleSetupStep,
  readAppleShortcutFlags,
  writeAppleShortcutFlags,
} from '@/features/connections/utils/apple-shortcut-setup';
import { identityLine } from '@/features/connections/utils/providers';
import { syncErrorMessage } from '@/features/connections/utils/sync-errors';
import { lastSynchronizedAt } from '@/features/connections/hooks/use-health-connections';
import { stravaConnection } from '../../../test-utils';

const google = (overrides: Partial<ConnectionSummary> = {}): ConnectionSummary =>
  stravaConnection({
    provider: 'google_health',
    athleteFirstName: null,
    athleteLastName: null,
    providerUserIdPrefix: '1098443612',
    ...overrides,
  });

describe('identityLine (spec §2)', () => {
  it.each<[string, ConnectionSummary, string]>([
    ["Strava: the athlete's full name", stravaConnection(), 'Maya Chen'],
    ['Strava: a first name alone', stravaConnection({ athleteLastName: null }), 'Maya'],
    [
      'Strava without a name (not the user id)',
      stravaConnection({ athleteFirstName: null, athleteLastName: null }),
      'Connected',
    ],
    ["Google Health: 'User ID:' and the first 8 characters", google(), 'User ID: 10984436'],
    [
      'Apple Health: a short id as it is',
      google({ provider: 'apple_health', providerUserIdPrefix: 'A1F3' }),
      'User ID: A1F3',
    ],
    ['Google Health without an id', google({ providerUserIdPrefix: null }), 'Connected'],
    ['Google Health ignores athlete names', google({ athleteFirstName: 'X', providerUserIdPrefix: null }), 'Connected'],
  ])('%s', (_name, connection, expected) => {
    expect(identityLine(connection)).toBe(expected);
  });
});

describe('syncErrorMessage (spec §8 sync errors)', () => {
  it.each<[string, Parameters<typeof syncErrorMessage>[0], unknown, string]>([
    ['401', 'strava', new ApiError(401, 'unauthorized', 'x'), 'Authentication failed for Strava. Please reconnect.'],
    [
      'reconnect code',
      'strava',
      new ApiError(409, 'strava_reconnect_required', 'x'),
      'Authentication failed for Strava. Please reconnect.',
    ],
    [
      'google reconnect code',
      'google_health',
      new ApiError(409, 'google_reconnect_required', 'x'),
      'Authentication failed for Google Health. Please reconnect.',
    ],
    [
      'a code that only mentions a token (not in the catalogue)',
      'google_health',
      new ApiError(502, 'google_refresh_failed_token', 'x'),
      'Failed to sync Google Health activities',
    ],
    [
      'a code that only mentions the network (not in the catalogue)',
      'strava',
      new ApiError(502, 'networkless', 'x'),
      'Failed to sync Strava activities',
    ],
    [
      'unreachable',
      'google_health',
      new ApiError(0, 'network_error', 'x'),
      'Network error while syncing Google Health. Please try again.',
    ],
    [
      'provider network',
      'strava',
      new ApiError(503, 'strava_network_error', 'x'),
      'Network error while syncing Strava. Please try again.',
    ],
    ['other', 'apple_health', new ApiError(502, 'apple_sync_failed', 'x'), 'Failed to sync Apple Health activities'],
    ['not an ApiError', 'strava', new Error('boom'), 'Failed to sync Strava activities'],
    [
      'rate limited keeps its own words',
      'strava',
      new ApiError(429, 'rate_limited', '15-minute rate limit exceeded. Try again in 15 minutes'),
      '15-minute rate limit exceeded. Try again in 15 minutes',
    ],
  ])('%s', (_name, provider, error, expected) => {
    expect(syncErrorMessage(provider, error)).toBe(expected);
  });
});

describe('Apple Shortcut setup resume rule (spec §2)', () => {
  it.each([
    [{ installed: false, permissionsGranted: false, tested: false }, 1],
    [{ installed: false, permissionsGranted: true, tested: false }, 1],
    [{ installed: false, permissionsGranted: true, tested: true }, 1],
    [{ installed: true, permissionsGranted: false, tested: false }, 4],
    [{ installed: true, permissionsGranted: true, tested: false }, 4],
    [{ installed: true, permissionsGranted: true, tested: true }, 4],
    [{ installed: true, permissionsGranted: false, tested: true }, 1],
  ])('%o opens at step %i', (flags, step) => {
    expect(initialAppleSetupStep(flags)).toBe(step);
  });

  it('keeps the flags in local storage and reads anything else as not started', () => {
    const storage = window.localStorage;
    storage.clear();
    expect(readAppleShortcutFlags(storage)).toEqual({ installed: false, permissionsGranted: false, tested: false });
    writeAppleShortcutFlags({ installed: true, permissionsGranted: false, tested: true }, storage);
    expect(JSON.parse(storage.getItem(APPLE_SHORTCUT_STORAGE_KEY)!)).toEqual({
      installed: true,
      permissionsGranted: false,
      tested: true,
    });
    expect(readAppleShortcutFlags(storage)).toEqual({ installed: true, permissionsGranted: false, tested: true });
    storage.setItem(APPLE_SHORTCUT_STORAGE_KEY, '{not json');
    expect(readAppleShortcutFlags(storage)).toEqual({ installed: false, permissionsGranted: false, tested: false });
    storage.setItem(APPLE_SHORTCUT_STORAGE_KEY, JSON.stringify({ installed: 'yes', tested: 1 }));
    expect(readAppleShortcutFlags(storage)).toEqual({ installed: false, permissionsGranted: false, tested: false });
    storage.clear();
  });
});

describe('lastSynchronizedAt', () => {
  it('is the newest sync across the connections, or null when none has synced', () => {
    expect(lastSynchronizedAt([])).toBeNull();
    expect(lastSynchronizedAt([stravaConnection({ lastSyncAt: null })])).toBeNull();
    expect(
      lastSynchronizedAt([
        stravaConnection({ lastSyncAt: '2026-01-02T09:30:00.000Z' }),
        google({ lastSyncAt: '2026-01-03T08:00:00.000Z' }),
        google({ provider: 'apple_health', lastSyncAt: null }),
      ]),
    ).toBe('2026-01-03T08:00:00.000Z');
  });
});
