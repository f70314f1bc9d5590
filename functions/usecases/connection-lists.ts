import { listConnections } from '../repositories/connections';
import { listSyncRequests } from '../repositories/sync-requests';
import type { ConnectionsResponse, SyncRequest } from '../shared/schemas/connections';
import { toConnectionSummary } from './connection-summary';

/*
 * The connections routes that only read: apart from connections.ts (sync now, disconnect), so their Lambdas load no
 * provider side, metrics or import-job code.
 */

/** The caller's active connections (a disconnected one keeps no usable data, so it is not listed). */
export async function listUserConnections(userId: string): Promise<ConnectionsResponse> {
  const connections = await listConnections(userId);
  return { connections: connections.filter((c) => c.isActive).map(toConnectionSummary) };
}

export async function listUserSyncRequests(userId: string): Promise<{ requests: SyncRequest[] }> {
  return { requests: await listSyncRequests(userId) };
}
