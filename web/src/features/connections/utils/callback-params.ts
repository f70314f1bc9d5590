import { paths } from '@/app/paths';

/**
 * Where the Strava callback sends the user before any exchange (spec core-app §4): a provider error
 * means access was denied; no code means nothing to exchange. Null: there is a code to exchange.
 */
export function stravaCallbackEarlyRedirect(search: string): string | null {
  const params = new URLSearchParams(search);
  if (params.has('error')) return `${paths.profile}?error=access_denied`;
  if (!params.get('code')) return `${paths.profile}?error=no_code`;
  return null;
}

/** Where a finished Strava connect attempt leads (spec core-app §4). */
export const STRAVA_CONNECTED_PATH = `${paths.dashboard}?strava=connected`;
export const STRAVA_CONNECTION_FAILED_PATH = `${paths.profile}?error=connection_failed`;

/** What Strava sent back, for POST /api/strava/connect; null when there is nothing to exchange. */
export function stravaConnectRequestFrom(search: string): { code: string; state: string; scope?: string } | null {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  if (!code) return null;
  const scope = params.get('scope');
  return { code, state: params.get('state') ?? '', ...(scope ? { scope } : {}) };
}

export type HealthProvider = 'strava' | 'google_health' | 'apple_health';

export const UNKNOWN_HEALTH_PROVIDER = 'Unknown health provider';

/** Spec health-connections §5: the `provider` query, else a provider named in the path, else none. */
export function healthProviderFrom(pathname: string, search: string): HealthProvider | null {
  const query = new URLSearchParams(search).get('provider');
  if (query === 'strava' || query === 'google_health' || query === 'apple_health') return query;
  const path = pathname.toLowerCase();
  if (path.includes('strava')) return 'strava';
  if (path.includes('google')) return 'google_health';
  if (path.includes('apple')) return 'apple_health';
  return null;
}
