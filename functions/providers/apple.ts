import { NotFoundError } from '../lib/errors';
import { revokeIngestToken } from '../repositories/apple-ingest-tokens';
import { getConnection } from '../repositories/connections';
import type { AppleDeps } from '../usecases/apple-deps';
import type { Provider } from './provider';

export const APPLE_NOT_CONNECTED = 'Apple Health is not connected.';

/** Apple Health: push-only (the Shortcut posts to /api/apple/ingest with our ingest token); no OAuth, nothing to pull. */
export const appleProvider: Provider<AppleDeps> = {
  id: 'apple_health',
  notConnectedMessage: APPLE_NOT_CONNECTED,
  oauth: null,
  pull: null,
  /** Nothing to fetch: the last push is reported. */
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
  /** The Shortcut's ingest token stops working before the connection goes, so nothing lands after the delete. Not best effort: it is ours. */
  async withdrawAccess(userId) {
    await revokeIngestToken(userId);
  },
};
