import type { ProviderType } from '@shared/schemas/activity';
import type { GoogleConnectRequest } from '@shared/schemas/google';
import type { StravaConnectRequest } from '@shared/schemas/connections';
import { paths } from '@/lib/paths';

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

export type HealthProvider = ProviderType;

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

/** What the health callback screen does with what it was given (spec health-connections §5). */
export type HealthCallbackPlan =
  | { kind: 'fail'; message: string }
  | { kind: 'strava'; request: StravaConnectRequest }
  | { kind: 'google'; request: GoogleConnectRequest }
  | { kind: 'apple' };

export function healthCallbackPlan(pathname: string, search: string): HealthCallbackPlan {
  const provider = healthProviderFrom(pathname, search);
  const params = new URLSearchParams(search);
  const error = params.get('error');
  const code = params.get('code');
  const state = params.get('state');
  const scope = params.get('scope');
  switch (provider) {
    case null:
      return { kind: 'fail', message: UNKNOWN_HEALTH_PROVIDER };
    case 'strava':
      if (error) return { kind: 'fail', message: `Strava authorization failed: ${error}` };
      if (!code) return { kind: 'fail', message: 'No authorization code received from Strava' };
      // Without the signed state the server refuses the code anyway (it is bound to the signed-in user).
      if (!state) return { kind: 'fail', message: 'Failed to connect Strava' };
      return { kind: 'strava', request: { code, state, ...(scope ? { scope } : {}) } };
    case 'google_health':
      if (error) return { kind: 'fail', message: `Google Health authorization failed: ${error}` };
      if (!code || !state) return { kind: 'fail', message: 'No Google OAuth session found after authorization' };
      return { kind: 'google', request: { code, state, ...(scope ? { scope } : {}) } };
    case 'apple_health':
      if (params.get('auth_success') !== 'true')
        return { kind: 'fail', message: 'Apple Health authorization was not successful' };
      return { kind: 'apple' };
  }
}

/** The local marker a successful health connect leaves (spec §4): which provider, and when. */
export const HEALTH_CONNECT_MARKER_KEY = 'trailbuddy.healthConnected';

export interface HealthConnectMarker {
  provider: ProviderType;
  connectedAt: string;
}

export function saveHealthConnectMarker(marker: HealthConnectMarker, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(HEALTH_CONNECT_MARKER_KEY, JSON.stringify(marker));
  } catch {
    // Storage can be disabled (private mode); the marker is a convenience, the connection is on the server.
  }
}

/** Spec §4 window messages, from another TrailBuddy window (a connect popup). */
export type HealthConnectMessage =
  { kind: 'success'; provider: ProviderType | null } | { kind: 'error'; error: string };

const PROVIDERS: readonly string[] = ['strava', 'google_health', 'apple_health'];

/** Reads a window message; anything from another origin, or not one of the two types, is ignored (null). */
export function healthConnectMessageFrom(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  ownOrigin: string,
): HealthConnectMessage | null {
  if (event.origin !== ownOrigin) return null;
  const data: unknown = event.data;
  if (!data || typeof data !== 'object') return null;
  const { type, result, error } = data as { type?: unknown; result?: unknown; error?: unknown };
  if (type === 'HEALTH_CONNECT_SUCCESS') {
    const provider = result && typeof result === 'object' ? (result as { provider?: unknown }).provider : undefined;
    return {
      kind: 'success',
      provider: typeof provider === 'string' && PROVIDERS.includes(provider) ? (provider as ProviderType) : null,
    };
  }
  if (type === 'HEALTH_CONNECT_ERROR') {
    return { kind: 'error', error: typeof error === 'string' && error ? error : 'Connection failed' };
  }
  return null;
}
