import { StravaAuthError, StravaUnauthorizedError } from '../adapters/strava/errors';
import { acquireRefreshLease, getConnection, releaseRefreshLease, storeRefreshedTokens, type Connection } from '../repositories/connections';
import type { StravaDeps } from './strava-deps';

/** Refresh this long before Strava's expiry, so a token never dies mid-sync. */
export const REFRESH_MARGIN_SECONDS = 5 * 60;
/** Longer than one refresh call can take (10 s timeout), so a live lease always means a refresh in flight. */
const LEASE_MS = 15_000;
const WAIT_FOR_OTHER_REFRESH_MS = 20_000;
const POLL_MS = 100;

interface Access {
  accessToken: string;
  version: number;
}

function usable(connection: Connection | null): connection is Connection & { tokens: NonNullable<Connection['tokens']> } {
  return connection !== null && connection.isActive && connection.tokens !== null;
}

function fresh(connection: Connection & { tokens: NonNullable<Connection['tokens']> }, now: Date): boolean {
  return connection.tokens.expiresAt - REFRESH_MARGIN_SECONDS > now.getTime() / 1000;
}

/**
 * A valid access token for the user's Strava connection. Refreshes are serialised across processes: one holder of
 * a conditional-write lease calls Strava (whose refresh rotates the refresh token and invalidates the old one) and
 * stores the result conditional on the version it read; everyone else waits and reads the new tokens.
 * `staleVersion`: the caller saw a 401 with this version's token, so it must be replaced even if not yet expired.
 */
async function accessToken(userId: string, deps: StravaDeps, staleVersion?: number): Promise<Access> {
  // Waiting is measured on the real clock: it bounds how long this process blocks, whatever time the tests inject.
  const deadline = Date.now() + WAIT_FOR_OTHER_REFRESH_MS;
  for (;;) {
    const connection = await getConnection(userId, 'strava', deps.cipher);
    if (!usable(connection)) throw new StravaAuthError('Token expired');
    const now = deps.clock();
    const mustReplace = staleVersion !== undefined && connection.tokenVersion === staleVersion;
    if (!mustReplace && fresh(connection, now)) return { accessToken: connection.tokens.accessToken, version: connection.tokenVersion };

    const nowMs = now.getTime();
    if ((connection.refreshLeaseUntil ?? 0) < nowMs && (await acquireRefreshLease(userId, 'strava', connection.tokenVersion, nowMs, LEASE_MS))) {
      let tokens;
      try {
        tokens = await deps.strava.refresh(connection.tokens.refreshToken);
      } catch (error) {
        await releaseRefreshLease(userId, 'strava', connection.tokenVersion);
        throw error;
      }
      if (await storeRefreshedTokens(userId, 'strava', connection.tokenVersion, tokens, deps.cipher, deps.clock())) {
        return { accessToken: tokens.accessToken, version: connection.tokenVersion + 1 };
      }
      // Disconnected while we refreshed: the new tokens must not be kept.
      throw new StravaAuthError('Token expired');
    }
    if (Date.now() > deadline) throw new StravaAuthError('Failed to refresh token: another refresh did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Runs `call` with a valid access token; on a 401 the token is refreshed once and the call retried once
 * (a second 401 means the athlete revoked access: the caller reports 'reconnect').
 */
export async function withStravaAccess<T>(userId: string, deps: StravaDeps, call: (accessToken: string) => Promise<T>): Promise<T> {
  const first = await accessToken(userId, deps);
  try {
    return await call(first.accessToken);
  } catch (error) {
    if (!(error instanceof StravaUnauthorizedError)) throw error;
  }
  const second = await accessToken(userId, deps, first.version);
  return call(second.accessToken);
}
