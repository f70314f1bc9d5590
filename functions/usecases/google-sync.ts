import { googleTooManyRequests } from '../adapters/google/client';
import { GoogleApiError, GoogleAuthError, GoogleNetworkError, GoogleRefreshError } from '../adapters/google/errors';
import { fitActivities, type FitBucket } from '../domain/google-fit';
import { canReadFitArea, readableFitDataTypes } from '../domain/google-fit-oauth';
import { syncWindow } from '../domain/google-fit-time';
import { AppError, ConflictError, NotFoundError, UpstreamError, UpstreamUnreachableError } from '../lib/errors';
import { logger } from '../lib/logger';
import { activitiesOfUser, deleteActivity, upsertActivities } from '../repositories/activities';
import { ConnectionEndedError } from '../repositories/connection-fence';
import { markSynced } from '../repositories/connections';
import type { SyncResult } from '../shared/schemas/connections';
import { GOOGLE_NOT_CONNECTED, NO_GOOGLE_TOKEN_MESSAGE, withGoogleAccess } from './google-access';
import type { GoogleDeps } from './google-deps';
import { connectionToImport, type ImportFence } from './import-connection';

/** Spec §8 texts for a failed Google Fit sync, shown to the user as they are. */
export const GOOGLE_SYNC_MESSAGES = {
  reconnect: NO_GOOGLE_TOKEN_MESSAGE,
  network: 'Network error while syncing Google Fit. Please try again.',
  refresh: 'Failed to refresh token',
  apiUnavailable:
    "Google Fit API error: the Fitness API is not enabled for this app's Google Cloud project. Google has closed the Fit API to new projects, so only projects that already had access can sync.",
  other: 'Failed to sync Google Fit activities',
} as const;

export { GOOGLE_NOT_CONNECTED };

/** Maps any failure to a typed domain error with the spec §8 text (Google's own API message after 'Google Fit API error: '). */
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
  if (error instanceof GoogleApiError && error.reason === 'accessNotConfigured')
    return new UpstreamError(GOOGLE_SYNC_MESSAGES.apiUnavailable, 'google_fit_api_unavailable');
  if (error instanceof GoogleApiError) return new UpstreamError(error.message, 'google_fit_api_error');
  return new UpstreamError(GOOGLE_SYNC_MESSAGES.other, 'google_sync_failed');
}

/**
 * Reads the last 30 local days from Google Fit (daily totals + sessions), maps them with the spec's rules, and makes
 * the stored Google activities in that window match: upserted (fetch time renewed), and whatever Google no longer
 * shows there (a deleted session, a day that now has a workout) removed. Then the metrics are recomputed.
 */
export async function syncGoogleFit(userId: string, deps: GoogleDeps, fence?: ImportFence): Promise<SyncResult> {
  try {
    return await runSync(userId, deps, fence);
  } catch (error) {
    const mapped = toGoogleSyncError(error);
    logger.warn('google fit sync failed', {
      userId,
      code: mapped.code,
      detail: error instanceof Error ? error.message : String(error),
    });
    throw mapped;
  }
}

/** `wanted`: the connection a job imports for; every write is fenced on the connection (import-connection.ts). */
async function runSync(userId: string, deps: GoogleDeps, wanted: ImportFence | undefined): Promise<SyncResult> {
  const { connection, fence } = await connectionToImport(userId, 'google_health', wanted, GOOGLE_NOT_CONNECTED);
  const startedAt = deps.clock();
  const window = syncWindow(startedAt, deps.timeZone, deps.settings.syncDays);

  // Only what the person let us read: asking for more would be refused with a 403.
  const scopes = connection.scopes;
  const dataTypeNames = readableFitDataTypes(scopes);
  const buckets: FitBucket[] =
    dataTypeNames.length === 0
      ? []
      : await withGoogleAccess(userId, deps, (token) =>
          deps.google.aggregateByDay(token, {
            dataTypeNames,
            startTimeMillis: window.startMs,
            endTimeMillis: window.endMs,
            timeZone: deps.timeZone,
          }),
        );
  const sessions = canReadFitArea(scopes, 'activity')
    ? await withGoogleAccess(userId, deps, (token) =>
        deps.google.listSessions(token, { startTime: new Date(window.startMs), endTime: startedAt }),
      )
    : [];

  const fetchedAt = deps.clock();
  const { activities, skipped } = fitActivities({ buckets, sessions }, { userId, fetchedAt, timeZone: deps.timeZone });
  if (skipped.length > 0)
    logger.warn('skipped unreadable google fit sessions', { userId, skipped: skipped.length, fields: skipped[0] });
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
      logger.error('metrics recalculation failed after a google fit sync', {
        userId,
        detail: error instanceof Error ? error.message : String(error),
      });
  }
  logger.info('google fit synced', { userId, ...counts, removed });
  return {
    provider: 'google_health',
    imported: counts.imported,
    updated: counts.updated,
    lastSyncAt: startedAt.toISOString(),
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
