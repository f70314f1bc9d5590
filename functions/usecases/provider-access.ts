import {
  acquireRefreshLease,
  getConnection,
  releaseRefreshLease,
  storeRefreshedTokens,
  type Connection,
} from '../repositories/connections';
import type { TokenSource } from './providers/provider';

/** Refresh this long before the provider's expiry, so a token never dies mid-sync. */
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
 * A valid access token for the user's connection to `source.provider`. Refreshes are serialised across processes: one
 * holder of a conditional-write lease calls the provider (Strava's refresh rotates the refresh token and invalidates
 * the old one; Google keeps it unless it sends a new one) and stores the result conditional on the version it read;
 * everyone else waits and reads the new tokens. `staleVersion`: the caller saw a 401 with this version's token, so it
 * must be replaced even if not yet expired.
 */
async function accessToken(
  userId: string,
  source: TokenSource,
  staleVersion?: number,
): Promise<{ accessToken: string; version: number }> {
  // Waiting is measured on the real clock: it bounds how long this process blocks, whatever time the tests inject.
  const deadline = Date.now() + WAIT_FOR_OTHER_REFRESH_MS;
  const provider = source.provider;
  for (;;) {
    const connection = await getConnection(userId, provider, source.cipher);
    if (!usable(connection)) throw source.authError(source.noTokenMessage);
    const now = source.clock();
    const mustReplace = staleVersion !== undefined && connection.tokenVersion === staleVersion;
    if (!mustReplace && connection.tokens.expiresAt - REFRESH_MARGIN_SECONDS > now.getTime() / 1000) {
      return { accessToken: connection.tokens.accessToken, version: connection.tokenVersion };
    }
    const nowMs = now.getTime();
    if (
      (connection.refreshLeaseUntil ?? 0) < nowMs &&
      (await acquireRefreshLease(userId, provider, connection.tokenVersion, nowMs, LEASE_MS))
    ) {
      let refreshed;
      try {
        refreshed = await source.refresh(connection.tokens.refreshToken);
      } catch (error) {
        await releaseRefreshLease(userId, provider, connection.tokenVersion);
        throw error;
      }
      const tokens = {
        accessToken: refreshed.accessToken,
        refreshToken: refreshed.refreshToken ?? connection.tokens.refreshToken,
        expiresAt: refreshed.expiresAt,
      };
      if (
        await storeRefreshedTokens(userId, provider, connection.tokenVersion, tokens, source.cipher, source.clock())
      ) {
        return { accessToken: tokens.accessToken, version: connection.tokenVersion + 1 };
      }
      // Disconnected while we refreshed: the new tokens must not be kept.
      throw source.authError(source.noTokenMessage);
    }
    if (Date.now() > deadline)
      throw source.authError('Failed to refresh token: another refresh did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Runs `call` with a valid access token; on a 401 the token is refreshed once and the call retried once
 * (a second 401 means the user revoked access: the caller reports 'reconnect').
 */
export async function withProviderAccess<T>(
  userId: string,
  source: TokenSource,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  const first = await accessToken(userId, source);
  try {
    return await call(first.accessToken);
  } catch (error) {
    if (!source.isUnauthorized(error)) throw error;
  }
  const second = await accessToken(userId, source, first.version);
  return call(second.accessToken);
}

/** The stored tokens of an active connection, or null (nothing to revoke). */
export async function storedTokens(
  userId: string,
  source: Pick<TokenSource, 'provider' | 'cipher'>,
): Promise<WithTokens['tokens'] | null> {
  const connection = await getConnection(userId, source.provider, source.cipher);
  return usable(connection) ? connection.tokens : null;
}
