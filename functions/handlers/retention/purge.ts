import { retentionCutoff } from '../../domain/retention';
import { logger } from '../../lib/logger';
import { clearInactiveConnectionSecrets, deleteProviderDataFetchedBefore } from '../../repositories/retention';

/** Scheduled (EventBridge): enforce the 7-day retention of provider data. */
export interface PurgeReport {
  deleted: number;
  cutoff: string;
  /** Inactive connections whose leftover tokens and provider data were removed. */
  inactiveConnectionsCleared: number;
}

export async function purgeExpiredProviderData(now: Date): Promise<PurgeReport> {
  const cutoff = retentionCutoff(now);
  const deleted = await deleteProviderDataFetchedBefore(cutoff);
  const inactiveConnectionsCleared = await clearInactiveConnectionSecrets();
  logger.info('retention purge', { deleted, inactiveConnectionsCleared, cutoff: cutoff.toISOString() });
  return { deleted, cutoff: cutoff.toISOString(), inactiveConnectionsCleared };
}

export const handler = async (): Promise<PurgeReport> => purgeExpiredProviderData(new Date());
