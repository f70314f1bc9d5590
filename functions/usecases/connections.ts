import { logger } from '../lib/logger';
import { withSyncNowSide } from '../providers/sync-now';
import type { ProviderType } from '../shared/schemas/activity';
import type { SyncResponse } from '../shared/schemas/connections';
import { connectionDeps, withdrawConnection } from './disconnect';
import { googleOAuthDeps, type GoogleOAuthDeps } from './google-oauth-deps';
import { forgetProviderMetrics } from './metrics';
import type { StravaOAuthDeps } from './strava-oauth-deps';

/**
 * Disconnect (spec §4): withdraw access at the provider (Strava's deauthorize, Google's revoke: best effort, the
 * user's wish to leave must not depend on the provider answering; Apple's ingest token), mark inactive, delete the
 * tokens, the provider's activities and its part of the daily aggregates. Idempotent. Dispatched via the providers'
 * withdrawal sides. `google` builds Google's deps only when Google is asked for.
 */
export async function disconnectProvider(
  userId: string,
  provider: ProviderType,
  deps: StravaOAuthDeps,
  google: () => Promise<GoogleOAuthDeps> = googleOAuthDeps,
): Promise<void> {
  const now = deps.clock();
  const deleted = await withdrawConnection(
    userId,
    provider,
    connectionDeps({ strava: async () => deps, google_health: google }),
    now,
  );
  // Its share of every daily aggregate goes too, so the dashboard and analysis totals drop with the list (issue 11).
  await forgetProviderMetrics(userId, provider, now);
  logger.info('provider disconnected', { userId, provider, deletedActivities: deleted });
}

/**
 * POST /api/connections/{provider}/sync, dispatched via the providers' sync-now sides. Strava: a manual_sync_only
 * user files a request, everyone else gets a background import job (issue 13; the running one if there is one).
 * Google Health: an import job too. Apple Health is push-only (its Shortcut posts): nothing to fetch, the last push is
 * reported. `google` builds Google's deps only when Google is asked for.
 */
export async function requestOrRunSync(
  userId: string,
  provider: ProviderType,
  deps: StravaOAuthDeps,
  google: () => Promise<GoogleOAuthDeps> = googleOAuthDeps,
): Promise<SyncResponse> {
  return withSyncNowSide(provider, connectionDeps({ strava: async () => deps, google_health: google }), (side, d) =>
    side.syncNow(userId, d),
  );
}
