import { NotFoundError } from '../../lib/errors';
import { getConnection } from '../../repositories/connections';
import { GOOGLE_NOT_CONNECTED } from '../google-access';
import type { GoogleOAuthDeps } from '../google-oauth-deps';
import { startImportJob } from '../import-jobs/jobs';
import type { SyncNowSide } from './provider';

/** Google Health: a sync now queues an import job. */
export const googleSyncNow: SyncNowSide<GoogleOAuthDeps> = {
  id: 'google_health',
  notConnectedMessage: GOOGLE_NOT_CONNECTED,
  pulls: true,
  async syncNow(userId, deps) {
    const connection = await getConnection(userId, 'google_health', null);
    if (!connection?.isActive) throw new NotFoundError(GOOGLE_NOT_CONNECTED);
    return { kind: 'queued', job: await startImportJob(userId, 'google_health', 'import', (await deps()).clock()) };
  },
};
