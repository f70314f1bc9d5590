import { NotFoundError } from '../../../lib/errors';
import { getConnection } from '../../../repositories/connections';
import { createSyncRequest, isManualSyncOnly } from '../../../repositories/sync-requests';
import { startImportJob } from '../../import-jobs/jobs';
import type { StravaOAuthDeps } from '../../strava-oauth-deps';
import type { SyncNowSide } from '../provider';

export const STRAVA_NOT_CONNECTED = 'Strava is not connected.';

/** Strava: a sync now queues an import job, or files a request for a manual_sync_only user. */
export const stravaSyncNow: SyncNowSide<StravaOAuthDeps> = {
  id: 'strava',
  notConnectedMessage: STRAVA_NOT_CONNECTED,
  pulls: true,
  /** A manual_sync_only user files a request; everyone else syncs now. */
  async syncNow(userId, deps) {
    const connection = await getConnection(userId, 'strava', null);
    if (!connection?.isActive) throw new NotFoundError(STRAVA_NOT_CONNECTED);
    const built = await deps();
    if (await isManualSyncOnly(userId))
      return { kind: 'requested', request: await createSyncRequest(userId, built.clock()) };
    return { kind: 'queued', job: await startImportJob(userId, 'strava', 'import', built.clock()) };
  },
};
