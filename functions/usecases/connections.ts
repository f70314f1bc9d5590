import { StravaAuthError } from '../adapters/strava/errors';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { deleteActivitiesOfUser } from '../repositories/activities';
import { revokeIngestToken } from '../repositories/apple-ingest-tokens';
import { deactivateConnection, getConnection, listConnections, type Connection } from '../repositories/connections';
import { createSyncRequest, isManualSyncOnly, listSyncRequests } from '../repositories/sync-requests';
import type { ProviderType } from '../shared/schemas/activity';
import type { ConnectionSummary, ConnectionsResponse, SyncRequest, SyncResponse } from '../shared/schemas/connections';
import { revokeGoogleAccess } from './google-access';
import { googleDeps as defaultGoogleDeps, type GoogleDeps } from './google-deps';
import { GOOGLE_NOT_CONNECTED } from './google-sync';
import { startImportJob } from './import-jobs/jobs';
import { forgetProviderMetrics } from './metrics';
import { withStravaAccess } from './strava-access';
import type { StravaDeps } from './strava-deps';

/** What the browser may know about a connection: never tokens. */
export function toConnectionSummary(connection: Connection): ConnectionSummary {
  return {
    provider: connection.provider,
    isActive: connection.isActive,
    athleteFirstName: connection.athleteFirstName,
    athleteLastName: connection.athleteLastName,
    providerUserIdPrefix: connection.providerUserId ? connection.providerUserId.slice(0, 8) : null,
    scopes: connection.scopes,
    connectedAt: connection.connectedAt,
    lastSyncAt: connection.lastSyncAt,
  };
}

/** The caller's active connections (a disconnected one keeps no usable data, so it is not listed). */
export async function listUserConnections(userId: string): Promise<ConnectionsResponse> {
  const connections = await listConnections(userId);
  return { connections: connections.filter((c) => c.isActive).map(toConnectionSummary) };
}

/**
 * Disconnect (spec §4): deauthorize at Strava / revoke at Google (best effort: the user's wish to leave must not
 * depend on the provider answering), mark inactive, delete the tokens, the provider's activities and its part of the
 * daily aggregates. Idempotent.
 */
export async function disconnectProvider(userId: string, provider: ProviderType, deps: StravaDeps, google: () => Promise<GoogleDeps> = defaultGoogleDeps): Promise<void> {
  const now = deps.clock();
  if (provider === 'strava') {
    const connection = await getConnection(userId, 'strava', null);
    if (connection?.isActive) {
      try {
        await withStravaAccess(userId, deps, (token) => deps.strava.deauthorize(token));
      } catch (error) {
        const detail = error instanceof StravaAuthError ? 'already revoked' : error instanceof Error ? error.message : String(error);
        logger.warn('strava deauthorize failed; disconnecting anyway', { userId, detail });
      }
    }
  }
  if (provider === 'google_health') await revokeAtGoogle(userId, google);
  // The Shortcut's ingest token stops working before the connection goes, so nothing lands after the delete below.
  if (provider === 'apple_health') await revokeIngestToken(userId);
  await deactivateConnection(userId, provider, now);
  const deleted = await deleteActivitiesOfUser(userId, provider);
  // Its share of every daily aggregate goes too, so the dashboard and analysis totals drop with the list (issue 11).
  await forgetProviderMetrics(userId, provider, now);
  logger.info('provider disconnected', { userId, provider, deletedActivities: deleted });
}

/** Google Fit: revoke the grant (best effort, like Strava's deauthorize: leaving must not depend on Google answering). */
async function revokeAtGoogle(userId: string, google: () => Promise<GoogleDeps>): Promise<void> {
  const connection = await getConnection(userId, 'google_health', null);
  if (!connection?.isActive) return;
  try {
    await revokeGoogleAccess(userId, await google());
  } catch (error) {
    logger.warn('google revoke failed; disconnecting anyway', { userId, detail: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * POST /api/connections/{provider}/sync. Strava: a manual_sync_only user files a request, everyone else gets a
 * background import job (issue 13; the running one if there is one). Google Fit: an import job too. Apple Health is push-only (its Shortcut posts): nothing to fetch, the last push is reported.
 * `google` builds Google's deps only when Google is asked for.
 */
export async function requestOrRunSync(userId: string, provider: ProviderType, deps: StravaDeps, google: () => Promise<GoogleDeps> = defaultGoogleDeps): Promise<SyncResponse> {
  if (provider === 'google_health') {
    const connection = await getConnection(userId, 'google_health', null);
    if (!connection?.isActive) throw new NotFoundError(GOOGLE_NOT_CONNECTED);
    return { kind: 'queued', job: await startImportJob(userId, 'google_health', 'import', deps.clock()) };
  }
  if (provider === 'apple_health') {
    const connection = await getConnection(userId, 'apple_health', null);
    if (!connection?.isActive) throw new NotFoundError('Apple Health is not connected.');
    return { kind: 'synced', result: { provider: 'apple_health', imported: 0, updated: 0, lastSyncAt: connection.lastSyncAt ?? connection.connectedAt } };
  }
  if (provider !== 'strava') throw new BadRequestError('Unsupported provider', undefined, 'unsupported_provider');
  const connection = await getConnection(userId, 'strava', null);
  if (!connection?.isActive) throw new NotFoundError('Strava is not connected.');
  if (await isManualSyncOnly(userId)) return { kind: 'requested', request: await createSyncRequest(userId, deps.clock()) };
  return { kind: 'queued', job: await startImportJob(userId, 'strava', 'import', deps.clock()) };
}

export async function listUserSyncRequests(userId: string): Promise<{ requests: SyncRequest[] }> {
  return { requests: await listSyncRequests(userId) };
}
