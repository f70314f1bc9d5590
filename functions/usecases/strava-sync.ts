import { asTooManyRequests } from '../adapters/strava/client';
import { StravaAuthError, StravaNetworkError } from '../adapters/strava/errors';
import { mapStravaActivity, InvalidStravaActivityError } from '../domain/strava-activity';
import { AppError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { deleteActivitiesOfUser, upsertActivities, type ActivityToStore } from '../repositories/activities';
import { getConnection, markSynced } from '../repositories/connections';
import type { SyncResult } from '../shared/schemas/connections';
import { withStravaAccess } from './strava-access';
import type { StravaDeps } from './strava-deps';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A runaway guard: 50 pages of up to 200 is far beyond any sync between two visits. */
const MAX_PAGES = 50;
/**
 * Strava's `after` filters by start time, not upload time: a watch that uploads a morning run in the evening would
 * slip under a bound set at the last sync. Looking back a day catches those; the upsert keeps them single.
 */
export const INCREMENTAL_OVERLAP_MS = DAY_MS;

/** Spec §8 sync errors, shown to the user as they are. */
export const SYNC_ERROR_MESSAGES = {
  auth: 'Authentication failed for Strava. Please reconnect.',
  network: 'Network error while syncing Strava. Please try again.',
  other: 'Failed to sync Strava activities',
} as const;

export class StravaSyncError extends AppError {
  constructor(kind: keyof typeof SYNC_ERROR_MESSAGES) {
    const status = kind === 'auth' ? 409 : kind === 'network' ? 503 : 502;
    const code = kind === 'auth' ? 'strava_reconnect_required' : kind === 'network' ? 'strava_network_error' : 'strava_sync_failed';
    super(status, code, SYNC_ERROR_MESSAGES[kind]);
  }
}

/**
 * - 'initial': the first sync, one page within the history window (spec: 30 days / 30 items).
 * - 'incremental': only what started since the last sync, page after page until an empty one.
 * - 'window': the daily refresh (DESIGN §1): one page of the recent window, renewing each item's fetch time.
 */
export type SyncMode = 'initial' | 'incremental' | 'window';

/** Maps any failure to the spec §8 text (rate limits keep their own §8 messages and retry-after). */
export function toSyncError(error: unknown): AppError {
  const limited = asTooManyRequests(error);
  if (limited) return limited;
  if (error instanceof AppError) return error;
  if (error instanceof StravaAuthError) return new StravaSyncError('auth');
  if (error instanceof StravaNetworkError) return new StravaSyncError('network');
  return new StravaSyncError('other');
}

export async function syncStrava(userId: string, deps: StravaDeps, mode?: SyncMode): Promise<SyncResult> {
  try {
    return await runSync(userId, deps, mode);
  } catch (error) {
    const mapped = toSyncError(error);
    // The detail (e.g. 'Failed to fetch activities: 500 …') is for operators; it never holds tokens.
    logger.warn('strava sync failed', { userId, mode, code: mapped.code, detail: error instanceof Error ? error.message : String(error) });
    throw mapped;
  }
}

async function runSync(userId: string, deps: StravaDeps, requestedMode?: SyncMode): Promise<SyncResult> {
  const connection = await getConnection(userId, 'strava', null);
  if (!connection?.isActive) throw new NotFoundError('Strava is not connected.');
  const startedAt = deps.clock();
  const mode: SyncMode = requestedMode ?? (connection.lastSyncAt ? 'incremental' : 'initial');
  const perPage = deps.settings.syncPageSize;
  const after =
    mode === 'incremental' && connection.lastSyncAt
      ? Math.floor((Date.parse(connection.lastSyncAt) - INCREMENTAL_OVERLAP_MS) / 1000)
      : Math.floor((startedAt.getTime() - deps.settings.initialSyncDays * DAY_MS) / 1000);
  const onePage = mode !== 'incremental';

  let imported = 0;
  let updated = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const raw = await withStravaAccess(userId, deps, (token) => deps.strava.listActivities(userId, token, { after, page, perPage }));
    if (raw.length === 0) break;
    const counts = await upsertActivities(toStore(raw, userId, deps.clock()));
    imported += counts.imported;
    updated += counts.updated;
    if (onePage) break;
  }
  await dropIfDisconnectedMeanwhile(userId);

  await markSynced(userId, 'strava', startedAt);
  await recalculateMetricsSafely(userId, startedAt, deps);
  return { provider: 'strava', imported, updated, lastSyncAt: startedAt.toISOString() };
}

/**
 * A disconnect (or deauthorization) that lands while a sync is writing deletes the activities, and the sync could
 * then write some back. Checking afterwards and deleting again closes that window.
 */
export async function dropIfDisconnectedMeanwhile(userId: string): Promise<void> {
  const connection = await getConnection(userId, 'strava', null);
  if (connection?.isActive) return;
  await deleteActivitiesOfUser(userId, 'strava');
  throw new NotFoundError('Strava is not connected.');
}

/** The activities are stored either way; metrics that failed now are recomputed on the next sync. */
export async function recalculateMetricsSafely(userId: string, now: Date, deps: StravaDeps): Promise<void> {
  try {
    await deps.recalculateMetrics(userId, now);
  } catch (error) {
    logger.error('metrics recalculation failed after a sync', { userId, detail: error instanceof Error ? error.message : String(error) });
  }
}

function toStore(raw: readonly unknown[], userId: string, fetchedAt: Date): ActivityToStore[] {
  const stored: ActivityToStore[] = [];
  for (const item of raw) {
    try {
      stored.push({ activity: mapStravaActivity(item, { userId, fetchedAt }), raw: item });
    } catch (error) {
      // One unreadable record must not sink the whole sync.
      if (!(error instanceof InvalidStravaActivityError)) throw error;
      logger.warn('skipped unreadable strava activity', { userId, fields: error.fields });
    }
  }
  return stored;
}
