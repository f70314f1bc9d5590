import { NotFoundError } from '../../../lib/errors';
import { getConnection } from '../../../repositories/connections';
import type { SyncNowSide } from '../provider';

export const APPLE_NOT_CONNECTED = 'Apple Health is not connected.';

/** Apple Health is push-only (the Shortcut posts to /api/apple/ingest): a sync now reports the last push. */
export const appleSyncNow: SyncNowSide<unknown> = {
  id: 'apple_health',
  notConnectedMessage: APPLE_NOT_CONNECTED,
  pulls: false,
  async syncNow(userId) {
    const connection = await getConnection(userId, 'apple_health', null);
    if (!connection?.isActive) throw new NotFoundError(APPLE_NOT_CONNECTED);
    return {
      kind: 'synced',
      result: {
        provider: 'apple_health',
        imported: 0,
        updated: 0,
        lastSyncAt: connection.lastSyncAt ?? connection.connectedAt,
      },
    };
  },
};
