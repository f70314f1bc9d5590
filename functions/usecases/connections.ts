import { logger } from '../lib/logger';
import { withProvider, type ProviderDepsSource } from '../providers/registry';
import { deleteActivitiesOfUser } from '../repositories/activities';
import { deactivateConnection, listConnections } from '../repositories/connections';
import { listSyncRequests } from '../repositories/sync-requests';
import type { ProviderType } from '../shared/schemas/activity';
import type { ConnectionsResponse, SyncRequest, SyncResponse } from '../shared/schemas/connections';
import { appleDeps } from './apple-deps';
import { toConnectionSummary } from './connection-summary';
import { googleDeps as defaultGoogleDeps, type GoogleDeps } from './google-deps';
import { forgetProviderMetrics } from './metrics';
import type { StravaDeps } from './strava-deps';

/** The caller's active connections (a disconnected one keeps no usable data, so it is not listed). */
export async function listUserConnections(userId: string): Promise<ConnectionsResponse> {
  const connections = await listConnections(userId);
  return { connections: connections.filter((c) => c.isActive).map(toConnectionSummary) };
}

/** The deps each provider's use cases get: Strava's as given, Google's and Apple's built only when that provider is asked for. */
function depsSource(strava: StravaDeps, google: () => Promise<GoogleDeps>): ProviderDepsSource {
  return { strava: async () => strava, google_health: google, apple_health: async () => appleDeps() };
}

/**
 * Disconnect (spec §4): withdraw access at the provider (Strava's deauthorize, Google's revoke: best effort, the
 * user's wish to leave must not depend on the provider answering; Apple's ingest token), mark inactive, delete the
 * tokens, the provider's activities and its part of the daily aggregates. Idempotent. Dispatched via the registry.
 */
export async function disconnectProvider(
  userId: string,
  provider: ProviderType,
  deps: StravaDeps,
  google: () => Promise<GoogleDeps> = defaultGoogleDeps,
): Promise<void> {
  const now = deps.clock();
  await withProvider(provider, depsSource(deps, google), (p, d) => p.withdrawAccess(userId, d));
  await deactivateConnection(userId, provider, now);
  const deleted = await deleteActivitiesOfUser(userId, provider);
  // Its share of every daily aggregate goes too, so the dashboard and analysis totals drop with the list (issue 11).
  await forgetProviderMetrics(userId, provider, now);
  logger.info('provider disconnected', { userId, provider, deletedActivities: deleted });
}

/**
 * POST /api/connections/{provider}/sync, dispatched via the registry. Strava: a manual_sync_only user files a request,
 * everyone else gets a background import job (issue 13; the running one if there is one). Google Fit: an import job too. Apple Health is push-only (its Shortcut posts): nothing to fetch, the
 * last push is reported. `google` builds Google's deps only when Google is asked for.
 */
export async function requestOrRunSync(
  userId: string,
  provider: ProviderType,
  deps: StravaDeps,
  google: () => Promise<GoogleDeps> = defaultGoogleDeps,
): Promise<SyncResponse> {
  return withProvider(provider, depsSource(deps, google), (p, d) => p.syncNow(userId, d));
}

export async function listUserSyncRequests(userId: string): Promise<{ requests: SyncRequest[] }> {
  return { requests: await listSyncRequests(userId) };
}
