import { retentionCutoff } from '../../domain/retention';
import { logger } from '../../lib/logger';
import { deleteProviderDataFetchedBefore } from '../../repositories/retention';

/** Scheduled (EventBridge): enforce the 7-day retention of provider data. */
export async function purgeExpiredProviderData(now: Date): Promise<{ deleted: number; cutoff: string }> {
  const cutoff = retentionCutoff(now);
  const deleted = await deleteProviderDataFetchedBefore(cutoff);
  logger.info('retention purge', { deleted, cutoff: cutoff.toISOString() });
  return { deleted, cutoff: cutoff.toISOString() };
}

export const handler = async (): Promise<{ deleted: number; cutoff: string }> => purgeExpiredProviderData(new Date());
