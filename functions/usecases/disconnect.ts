import { withWithdrawalSide, type ConnectionDepsSource } from '../providers/withdrawals';
import type { ProviderType } from '../shared/schemas/activity';
import { endConnection } from './end-connection';
import { googleOAuthDeps, type GoogleOAuthDeps } from './google-oauth-deps';
import { stravaOAuthDeps, type StravaOAuthDeps } from './strava-oauth-deps';

/** Builds `make`'s value on the first call only. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let built: Promise<T> | undefined;
  return () => (built ??= make());
}

/**
 * Each provider's light deps (for its withdrawal and sync-now sides), built on first use and then kept (deleting an
 * account never depends on the settings of a provider it had not connected). Tests pass their own builders.
 */
export function connectionDeps(
  builders: { strava?: () => Promise<StravaOAuthDeps>; google_health?: () => Promise<GoogleOAuthDeps> } = {},
): ConnectionDepsSource {
  return {
    strava: once(builders.strava ?? (() => stravaOAuthDeps())),
    google_health: once(builders.google_health ?? (() => googleOAuthDeps())),
    apple_health: async () => undefined,
  };
}

/**
 * Disconnect's steps on the provider and the connection, for DELETE /api/connections/{provider} and the account
 * erasure: withdraw access through the provider's withdrawal side (best effort at a remote provider; Apple's ingest
 * token), then end the connection (end-connection.ts: inactive, tokens and generation gone so no running job writes
 * again, its jobs and activities deleted). Returns how many activities went. The daily aggregates are the caller's: connections.ts forgets the provider's part, the erasure sweeps them all.
 */
export async function withdrawConnection(
  userId: string,
  provider: ProviderType,
  deps: ConnectionDepsSource,
  now: Date,
): Promise<number> {
  await withWithdrawalSide(provider, deps, (side, d) => side.withdrawAccess(userId, d));
  return endConnection(userId, provider, now);
}
