import { StravaAuthError } from '../adapters/strava/errors';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { deleteActivitiesOfUser } from '../repositories/activities';
import { deactivateConnection, getConnection, listConnections, type Connection } from '../repositories/connections';
import { createSyncRequest, isManualSyncOnly, listSyncRequests } from '../repositories/sync-requests';
import type { ProviderType } from '../shared/schemas/activity';
import type { ConnectionSummary, ConnectionsResponse, SyncRequest, SyncResponse } from '../shared/schemas/connections';
import { withStravaAccess } from './strava-access';
import type { StravaDeps } from './strava-deps';
import { syncStrava } from './strava-sync';

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
 * Disconnect (spec §4): deauthorize at Strava (best effort: the user's wish to leave must not depend on Strava
 * answering), mark inactive, delete the tokens and the provider's activities. Idempotent.
 */
export async function disconnectProvider(userId: string, provider: ProviderType, deps: StravaDeps): Promise<void> {
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
  await deactivateConnection(userId, provider, now);
  const deleted = await deleteActivitiesOfUser(userId, provider);
  logger.info('provider disconnected', { userId, provider, deletedActivities: deleted });
}

/** POST /api/connections/{provider}/sync: a manual_sync_only user files a request; everyone else syncs now. */
export async function requestOrRunSync(userId: string, provider: ProviderType, deps: StravaDeps): Promise<SyncResponse> {
  if (provider !== 'strava') throw new BadRequestError('Unsupported provider', undefined, 'unsupported_provider');
  const connection = await getConnection(userId, 'strava', null);
  if (!connection?.isActive) throw new NotFoundError('Strava is not connected.');
  if (await isManualSyncOnly(userId)) return { kind: 'requested', request: await createSyncRequest(userId, deps.clock()) };
  return { kind: 'synced', result: await syncStrava(userId, deps) };
}

export async function listUserSyncRequests(userId: string): Promise<{ requests: SyncRequest[] }> {
  return { requests: await listSyncRequests(userId) };
}
