import { googleTooManyRequests } from '../adapters/google/client';
import { GoogleApiError, GoogleAuthError, GoogleNetworkError, GoogleRefreshError } from '../adapters/google/errors';
import { healthActivities } from '../domain/google-health';
import { syncWindow } from '../domain/google-health-time';
import { AppError, ConflictError, NotFoundError, UpstreamError, UpstreamUnreachableError } from '../lib/errors';
import { logger } from '../lib/logger';
import { activitiesOfUser, deleteActivity, upsertActivities } from '../repositories/activities';
import { ConnectionEndedError } from '../repositories/connection-fence';
import { markSynced } from '../repositories/connections';
import type { SyncResult } from '../shared/schemas/connections';
import { GOOGLE_NOT_CONNECTED, NO_GOOGLE_TOKEN_MESSAGE } from './google-access';
import type { GoogleDeps } from './google-deps';
import { readGoogleHealthWindow } from './google-read';
import { connectionToImport, type ImportFence } from './import-connection';

/** Spec §8 texts for a failed Google Health sync, shown to the user as they are. */
export const GOOGLE_SYNC_MESSAGES = {
  reconnect: NO_GOOGLE_TOKEN_MESSAGE,
  network: 'Network error while syncing Google Health. Please try again.',
  refresh: 'Failed to refresh token',
  apiUnavailable:
    "Google Health API error: the Google Health API is not enabled in this app's Google Cloud project. The operator must enable it (see the setup notes).",
  other: 'Failed to sync Google Health activities',
} as const;

export { GOOGLE_NOT_CONNECTED };

/** Maps any failure to a typed domain error with the spec §8 text (Google's own API message after 'Google Health API error: '). */
export function toGoogleSyncError(error: unknown): AppError {
  const limited = googleTooManyRequests(error);
  if (limited) return limited;
  if (error instanceof AppError) return error;
  if (error instanceof GoogleAuthError)
    return new ConflictError(GOOGLE_SYNC_MESSAGES.reconnect, 'google_reconnect_required');
  if (error instanceof GoogleNetworkError)
    return new UpstreamUnreachableError(GOOGLE_SYNC_MESSAGES.network, 'google_network_error');
  if (error instanceof GoogleRefreshError)
    return new UpstreamError(GOOGLE_SYNC_MESSAGES.refresh, 'google_refresh_failed');
  if (error instanceof GoogleApiError && error.reason === 'SERVICE_DISABLED')
    return new UpstreamError(GOOGLE_SYNC_MESSAGES.apiUnavailable, 'google_health_api_unavailable');
  if (error instanceof GoogleApiError) return new UpstreamError(error.message, 'google_health_api_error');
  return new UpstreamError(GOOGLE_SYNC_MESSAGES.other, 'google_sync_failed');
}

/**
 * Reads the last 30 local days from Google Health (every page of exercises + the daily steps roll-up), maps them
 * with the spec's rules, and makes the stored Google activities in that window match: upserted (fetch time
 * renewed), and whatever Google no longer shows there (a deleted exercise, a day that now has a workout) removed.
 * Then the metrics are recomputed.
 */
export async function syncGoogleHealth(userId: string, deps: GoogleDeps, fence?: ImportFence): Promise<SyncResult> {
  return (await importGoogleHealth(userId, deps, fence)).result;
}

/** syncGoogleHealth, also telling how many pages it read (the import job's progress). */
export async function importGoogleHealth(
  userId: string,
  deps: GoogleDeps,
  fence?: ImportFence,
): Promise<{ result: SyncResult; pages: number }> {
  try {
    return await runSync(userId, deps, fence);
  } catch (error) {
    const mapped = toGoogleSyncError(error);
    logger.warn('google health sync failed', {
      userId,
      code: mapped.code,
      detail: error instanceof Error ? error.message : String(error),
    });
    throw mapped;
  }
}

/** `wanted`: the connection a job imports for; every write is fenced on the connection (import-connection.ts). */
async function runSync(
  userId: string,
  deps: GoogleDeps,
  wanted: ImportFence | undefined,
): Promise<{ result: SyncResult; pages: number }> {
  const { connection, fence } = await connectionToImport(userId, 'google_health', wanted, GOOGLE_NOT_CONNECTED);
  const startedAt = deps.clock();
  const window = syncWindow(startedAt, deps.timeZone, deps.settings.syncDays);
  const { items, pages } = await readGoogleHealthWindow(userId, connection.scopes, deps, {
    startMs: window.startMs,
    endMs: startedAt.getTime(),
  });

  const fetchedAt = deps.clock();
  const { activities, skipped } = healthActivities(items, { userId, fetchedAt, timeZone: deps.timeZone });
  if (skipped.length > 0)
    logger.warn('skipped unreadable google health exercises', { userId, skipped: skipped.length, fields: skipped[0] });
  const counts = await upsertActivities(activities, undefined, fence).catch(notConnected);
  const removed = await removeWhatGoogleNoLongerShows(
    fence,
    new Set(activities.map((a) => a.activity.provider_activity_id)),
    new Date(window.startMs).toISOString(),
  ).catch(notConnected);
  if (!(await markSynced(userId, 'google_health', startedAt, fence.generation)))
    throw new NotFoundError(GOOGLE_NOT_CONNECTED);
  try {
    await deps.recalculateMetrics(userId, startedAt, fence);
  } catch (error) {
    // The activities are stored either way; metrics that failed now are recomputed on the next sync (and a
    // connection that ended meanwhile has had its own recalculation).
    if (!(error instanceof ConnectionEndedError))
      logger.error('metrics recalculation failed after a google health sync', {
        userId,
        detail: error instanceof Error ? error.message : String(error),
      });
  }
  logger.info('google health synced', { userId, ...counts, removed, pages });
  return {
    result: {
      provider: 'google_health',
      imported: counts.imported,
      updated: counts.updated,
      lastSyncAt: startedAt.toISOString(),
    },
    pages,
  };
}

async function removeWhatGoogleNoLongerShows(
  fence: ImportFence,
  current: ReadonlySet<string>,
  windowStartIso: string,
): Promise<number> {
  const { userId } = fence;
  const stale = (await activitiesOfUser(userId)).filter(
    (a) =>
      a.provider_type === 'google_health' && a.start_time >= windowStartIso && !current.has(a.provider_activity_id),
  );
  for (const activity of stale) await deleteActivity(userId, 'google_health', activity.provider_activity_id, fence);
  return stale.length;
}

/** A fenced write refused because the connection ended: the spec's "not connected". */
export function notConnected(error: unknown): never {
  if (error instanceof ConnectionEndedError) throw new NotFoundError(GOOGLE_NOT_CONNECTED);
  throw error;
}
