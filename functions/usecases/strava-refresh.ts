import { logger } from '../lib/logger';
import { activeConnections } from '../repositories/connections';
import { finishSyncRequest, pendingSyncRequests } from '../repositories/sync-requests';
import type { StravaDeps } from './strava-deps';
import { syncStrava } from './strava-sync';

export interface RefreshReport {
  refreshed: number;
  failed: number;
  requestsCompleted: number;
  requestsFailed: number;
}

/**
 * Daily (DESIGN §1): re-fetch each active connection's whole recent window, page after page, so what the user still has at
 * Strava keeps a fresh fetch time and survives the 7-day purge. Pending manual sync requests are answered by the
 * same sync: completed, or failed with the spec §8 message; an import that stopped at its time budget leaves them
 * pending (it continues from its cursor on the next run).
 */
export async function refreshStravaConnections(
  deps: StravaDeps,
  connections: AsyncIterable<{ userId: string }> | Iterable<{ userId: string }> = activeConnections('strava'),
): Promise<RefreshReport> {
  const report: RefreshReport = { refreshed: 0, failed: 0, requestsCompleted: 0, requestsFailed: 0 };
  for await (const { userId } of connections) {
    const pending = await pendingSyncRequests(userId);
    let outcome: { status: 'completed' } | { status: 'failed'; errorMessage: string };
    try {
      const result = await syncStrava(userId, deps, 'window');
      report.refreshed += 1;
      if (result.complete === false) continue;
      outcome = { status: 'completed' };
    } catch (error) {
      report.failed += 1;
      outcome = {
        status: 'failed',
        errorMessage: error instanceof Error ? error.message : 'Failed to sync Strava activities',
      };
    }
    for (const request of pending) {
      await finishSyncRequest(userId, request, outcome, deps.clock());
      if (outcome.status === 'completed') report.requestsCompleted += 1;
      else report.requestsFailed += 1;
    }
  }
  logger.info('strava refresh', { ...report });
  return report;
}
