import { logger } from '../lib/logger';
import { activeConnections } from '../repositories/connections';
import type { GoogleDeps } from './google-deps';
import { syncGoogleFit } from './google-sync';

export interface GoogleRefreshReport {
  refreshed: number;
  failed: number;
}

/**
 * Daily (DESIGN §1): re-read each active Google Fit connection's 30-day window, so what the person still has at
 * Google keeps a fresh fetch time and survives the 7-day purge. One failure does not stop the others.
 */
export async function refreshGoogleConnections(
  deps: GoogleDeps,
  connections: AsyncIterable<{ userId: string }> | Iterable<{ userId: string }> = activeConnections('google_health'),
): Promise<GoogleRefreshReport> {
  const report: GoogleRefreshReport = { refreshed: 0, failed: 0 };
  for await (const { userId } of connections) {
    try {
      await syncGoogleFit(userId, deps);
      report.refreshed += 1;
    } catch {
      // Logged by syncGoogleFit.
      report.failed += 1;
    }
  }
  logger.info('google fit refresh', { ...report });
  return report;
}
