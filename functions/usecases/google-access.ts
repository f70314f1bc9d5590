import { GoogleAuthError, GoogleUnauthorizedError } from '../adapters/google/errors';
import { acquireRefreshLease, getConnection, releaseRefreshLease, storeRefreshedTokens, type Connection } from '../repositories/connections';
import type { GoogleDeps } from './google-deps';

/** Spec §8. */
export const NO_GOOGLE_TOKEN_MESSAGE = 'No Google access token available. Please reconnect Google Fit.';
/** Refresh this long before Google's expiry (1 hour), so a token never dies mid-sync. */
export const REFRESH_MARGIN_SECONDS = 5 * 60;
/** Longer than one refresh call can take (10 s timeout), so a live lease always means a refresh in flight. */
const LEASE_MS = 15_000;
const WAIT_FOR_OTHER_REFRESH_MS = 20_000;
const POLL_MS = 100;

type WithTokens = Connection & { tokens: NonNullable<Connection['tokens']> };

function usable(connection: Connection | null): connection is WithTokens {
  return connection !== null && connection.isActive && connection.tokens !== null;
}

/**
 * A valid access token for the user's Google Fit connection. Refreshes are serialised like Strava's (one lease
 * holder calls Google, stores conditional on the version it read); Google keeps the refresh token, so the stored
 * one is kept unless Google sends a new one. `staleVersion`: a 401 was seen with that version's token.
 */
async function accessToken(userId: string, deps: GoogleDeps, staleVersion?: number): Promise<{ accessToken: string; version: number }> {
  const deadline = Date.now() + WAIT_FOR_OTHER_REFRESH_MS;
  for (;;) {
    const connection = await getConnection(userId, 'google_health', deps.cipher);
    if (!usable(connection)) throw new GoogleAuthError(NO_GOOGLE_TOKEN_MESSAGE);
    const now = deps.clock();
    const mustReplace = staleVersion !== undefined && connection.tokenVersion === staleVersion;
    if (!mustReplace && connection.tokens.expiresAt - REFRESH_MARGIN_SECONDS > now.getTime() / 1000) {
      return { accessToken: connection.tokens.accessToken, version: connection.tokenVersion };
    }
    const nowMs = now.getTime();
    if ((connection.refreshLeaseUntil ?? 0) < nowMs && (await acquireRefreshLease(userId, 'google_health', connection.tokenVersion, nowMs, LEASE_MS))) {
      let refreshed;
      try {
        refreshed = await deps.google.refresh(connection.tokens.refreshToken);
      } catch (error) {
        await releaseRefreshLease(userId, 'google_health', connection.tokenVersion);
        throw error;
      }
      const tokens = { accessToken: refreshed.accessToken, refreshToken: refreshed.refreshToken ?? connection.tokens.refreshToken, expiresAt: refreshed.expiresAt };
      if (await storeRefreshedTokens(userId, 'google_health', connection.tokenVersion, tokens, deps.cipher, deps.clock())) {
        return { accessToken: tokens.accessToken, version: connection.tokenVersion + 1 };
      }
      // Disconnected while we refreshed: the new tokens must not be kept.
      throw new GoogleAuthError(NO_GOOGLE_TOKEN_MESSAGE);
    }
    if (Date.now() > deadline) throw new GoogleAuthError('Failed to refresh token: another refresh did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Runs `call` with a valid access token; on a 401 the token is refreshed once and the call retried once. */
export async function withGoogleAccess<T>(userId: string, deps: GoogleDeps, call: (accessToken: string) => Promise<T>): Promise<T> {
  const first = await accessToken(userId, deps);
  try {
    return await call(first.accessToken);
  } catch (error) {
    if (!(error instanceof GoogleUnauthorizedError)) throw error;
  }
  const second = await accessToken(userId, deps, first.version);
  return call(second.accessToken);
}

/** Disconnect: revoke the grant at Google (revoking the refresh token ends the whole grant). Throws on failure. */
export async function revokeGoogleAccess(userId: string, deps: GoogleDeps): Promise<boolean> {
  const connection = await getConnection(userId, 'google_health', deps.cipher);
  if (!usable(connection)) return false;
  await deps.google.revoke(connection.tokens.refreshToken);
  return true;
}
