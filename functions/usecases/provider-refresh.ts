import { logger } from '../lib/logger';
import { activeConnections } from '../repositories/connections';
import { pullingProviders } from './providers/registry';
import type { ProviderType } from '../shared/schemas/activity';
import { startImportJob } from './import-jobs/jobs';

export interface ProviderRefreshReport {
  /** Import jobs queued (or already running: one per user and provider at a time). */
  started: number;
  failed: number;
}

/**
 * Daily (design §1), one flow for every provider we read from: for each active connection, the same import job a
 * manual sync starts, reading the whole recent window page after page (or continuing from a saved cursor), so what
 * the person still has at the provider keeps a fresh fetch time and survives the 7-day purge. A manual_sync_only
 * user's pending requests are answered by that job. One failure does not stop the others.
 */
export async function refreshProviderConnections(
  now: Date,
  connectionsOf: (provider: ProviderType) => AsyncIterable<{ userId: string }> | Iterable<{ userId: string }> = (
    provider,
  ) => activeConnections(provider),
): Promise<ProviderRefreshReport> {
  const report: ProviderRefreshReport = { started: 0, failed: 0 };
  // A push-only source (Apple Health's Shortcut) has nothing to read.
  for (const provider of pullingProviders()) {
    for await (const { userId } of connectionsOf(provider)) {
      try {
        await startImportJob(userId, provider, 'import', now, { window: 'recent' });
        report.started += 1;
      } catch (error) {
        report.failed += 1;
        logger.error('daily refresh could not start an import', {
          userId,
          provider,
          detail: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  logger.info('provider refresh', { ...report });
  return report;
}
