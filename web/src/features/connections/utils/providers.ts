import type { ProviderType } from '@shared/schemas/activity';
import type { ConnectionSummary } from '@shared/schemas/connections';
import type { Platform } from './platform';

export interface ProviderInfo {
  id: ProviderType;
  name: string;
  /** Where it can be connected, as the card says it ('All platforms', 'iOS only'). */
  availability: string;
  platforms: readonly Platform[];
  description: string;
}

const ALL_PLATFORMS: readonly Platform[] = ['ios', 'android', 'web'];

/** The three provider cards, in the order they are shown and synced. */
export const PROVIDERS: readonly ProviderInfo[] = [
  {
    id: 'strava',
    name: 'Strava',
    availability: 'All platforms',
    platforms: ALL_PLATFORMS,
    description: 'Import your runs, rides and hikes with distance, pace, elevation and heart rate.',
  },
  {
    id: 'google_health',
    name: 'Google Health',
    availability: 'All platforms',
    platforms: ALL_PLATFORMS,
    description: 'Bring in workouts with distance, calories and heart rate, and your daily steps, from Google Health.',
  },
  {
    id: 'apple_health',
    name: 'Apple Health',
    availability: 'iOS only',
    platforms: ['ios'],
    description: 'Send workouts, steps, distance and heart rate from Apple Health with an iOS Shortcut.',
  },
];

export { PROVIDER_NAMES } from '@/lib/provider-names';

/** Why a card cannot be connected here, or null when it can (spec §2 'Not Available' texts). */
export function unavailableReason(platforms: readonly Platform[], platform: Platform): string | null {
  if (platforms.includes(platform)) return null;
  if (platforms.length === 1 && platforms[0] === 'ios') return 'Available on iOS devices only';
  return 'Not available on this platform';
}

/** Spec §5: what connecting Apple Health elsewhere than iOS answers. */
export const APPLE_HEALTH_IOS_ONLY = 'Apple Health is only available on iOS devices';

/**
 * Spec §2 identity line: the athlete's full name for Strava, 'User ID:' and the first 8 characters of the
 * provider user id for the others, otherwise 'Connected'.
 */
export function identityLine(connection: ConnectionSummary): string {
  if (connection.provider === 'strava') {
    const name = [connection.athleteFirstName, connection.athleteLastName].filter(Boolean).join(' ');
    if (name) return name;
  } else if (connection.providerUserIdPrefix) {
    return `User ID: ${connection.providerUserIdPrefix.slice(0, 8)}`;
  }
  return 'Connected';
}
