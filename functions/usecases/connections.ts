import { logger } from '../lib/logger';
import { connectionDeps, withProvider, type ConnectionDepsSource } from './providers/registry';
import type { ProviderType } from '../shared/schemas/activity';
import type { SyncResponse } from '../shared/schemas/connections';
import { withdrawConnection } from './disconnect';
import { forgetProviderMetrics } from './metrics';

/**
 * Disconnect (spec §4): withdraw access at the provider (Strava's deauthorize, Google's revoke: best effort, the
 * user's wish to leave must not depend on the provider answering; Apple's ingest token), mark inactive, delete the
 * tokens, the provider's activities and its part of the daily aggregates. Idempotent. Dispatched through the
 * provider registry, which builds only the deps of the provider asked for.
 */
export async function disconnectProvider(
  userId: string,
  provider: ProviderType,
  now: Date,
  deps: ConnectionDepsSource = connectionDeps(),
): Promise<void> {
  const deleted = await withdrawConnection(userId, provider, deps, now);
  // Its share of every daily aggregate goes too, so the dashboard and analysis totals drop with the list.
  await forgetProviderMetrics(userId, provider, now);
  logger.info('provider disconnected', { userId, provider, deletedActivities: deleted });
}

/**
 * POST /api/connections/{provider}/sync, dispatched through the provider registry. Strava: a manual_sync_only
 * user files a request, everyone else gets a background import job (the running one if there is one).
 * Google Health: an import job too. Apple Health is push-only (its Shortcut posts): nothing to fetch, the last push
 * is reported.
 */
export async function requestOrRunSync(
  userId: string,
  provider: ProviderType,
  deps: ConnectionDepsSource = connectionDeps(),
): Promise<SyncResponse> {
  return withProvider(provider, deps, (entry, d) => entry.syncNow(userId, d));
}
