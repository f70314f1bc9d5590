import { asTooManyRequests } from '../adapters/strava/client';
import { StravaAuthError, StravaNetworkError } from '../adapters/strava/errors';
import { importWindowStart } from '../domain/backfill';
import { AppError, ConflictError, NotFoundError, UpstreamError, UpstreamUnreachableError } from '../lib/errors';
import { logger } from '../lib/logger';
import { stravaPull } from './providers/strava/pull';
import { storedActivityKeys, upsertActivities } from '../repositories/activities';
import { ConnectionEndedError, type ConnectionFence } from '../repositories/connection-fence';
import { markSynced, saveSyncCursor, type SyncCursor } from '../repositories/connections';
import type { SyncResult } from '../shared/schemas/connections';
import { DEFAULT_TIME_ZONE } from '../shared/schemas/metrics';
import { connectionToImport, type ImportFence } from './import-connection';
import type { StravaDeps } from './strava-deps';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Strava's `after` filters by start time, not upload time: a watch that uploads a morning run in the evening would
 * slip under a bound set at the last sync. Looking back a day catches those; the upsert keeps them single.
 */
export const INCREMENTAL_OVERLAP_MS = DAY_MS;
/**
 * How long one run may keep reading pages before it stops, records where it stopped and answers. Well inside API
 * Gateway's 30 s integration limit; the next run continues from the saved cursor.
 */
export const SYNC_RUN_BUDGET_MS = 20_000;
/** Spec §8 sync errors, shown to the user as they are. */
export const SYNC_ERROR_MESSAGES = {
  auth: 'Authentication failed for Strava. Please reconnect.',
  network: 'Network error while syncing Strava. Please try again.',
  other: 'Failed to sync Strava activities',
} as const;

/** Spec §8 sync errors as domain errors: a token problem (reconnect), an unreachable Strava, anything else. */
export function stravaSyncError(kind: keyof typeof SYNC_ERROR_MESSAGES): AppError {
  if (kind === 'auth') return new ConflictError(SYNC_ERROR_MESSAGES.auth, 'strava_reconnect_required');
  if (kind === 'network') return new UpstreamUnreachableError(SYNC_ERROR_MESSAGES.network, 'strava_network_error');
  return new UpstreamError(SYNC_ERROR_MESSAGES.other, 'strava_sync_failed');
}

/**
 * Every mode reads its whole window, page after page until an empty one (no page cap):
 * - 'initial': the first sync, the history window (spec: 30 days).
 * - 'incremental': what started since the last sync (minus the overlap).
 * - 'window': the daily refresh (design §1): the whole recent window, renewing each item's fetch time.
 * An unfinished import (time budget, rate limit, crash) is resumed from its saved cursor before anything else.
 */
export type SyncMode = 'initial' | 'incremental' | 'window';

/** Maps any failure to the spec §8 text (rate limits keep their own §8 messages and retry-after). */
export function toSyncError(error: unknown): AppError {
  const limited = asTooManyRequests(error);
  if (limited) return limited;
  if (error instanceof AppError) return error;
  if (error instanceof StravaAuthError) return stravaSyncError('auth');
  if (error instanceof StravaNetworkError) return stravaSyncError('network');
  return stravaSyncError('other');
}

export async function syncStrava(
  userId: string,
  deps: StravaDeps,
  mode?: SyncMode,
  options?: SyncOptions,
): Promise<SyncResult> {
  try {
    return await runSync(userId, deps, mode, options);
  } catch (error) {
    const mapped = toSyncError(error);
    // The detail (e.g. 'Failed to fetch activities: 500 …') is for operators; it never holds tokens.
    logger.warn('strava sync failed', {
      userId,
      mode,
      code: mapped.code,
      detail: error instanceof Error ? error.message : String(error),
    });
    throw mapped;
  }
}

export interface SyncOptions {
  /** Real-time budget for this run (default SYNC_RUN_BUDGET_MS); when spent, the cursor is saved and the run answers incomplete. */
  budgetMs?: number;
  /** Called after every page is stored and the cursor saved (import jobs report progress from here). */
  onPage?: (page: { fetched: number; cursor: SyncCursor }) => Promise<void>;
  /** The connection a job imports for; absent, the connection as it is when the import starts. */
  fence?: ImportFence;
}

/**
 * The fixed window of a new import: its bounds never move while it runs, so neither does the set it pages through.
 * A first import starts where the connection's history backfill ends (importWindowStart of `connectedAt`).
 */
export function newCursor(
  mode: SyncMode,
  lastSyncAt: string | null,
  startedAt: Date,
  initialSyncDays: number,
  connectedAt: string = startedAt.toISOString(),
): SyncCursor {
  const after =
    mode === 'incremental' && lastSyncAt
      ? Math.floor((Date.parse(lastSyncAt) - INCREMENTAL_OVERLAP_MS) / 1000)
      : mode === 'window'
        ? Math.floor((startedAt.getTime() - initialSyncDays * DAY_MS) / 1000)
        : importWindowStart(connectedAt, initialSyncDays);
  return {
    mode,
    after,
    before: Math.floor(startedAt.getTime() / 1000) + 1,
    nextPage: 1,
    startedAt: startedAt.toISOString(),
    imported: 0,
    updated: 0,
  };
}

async function runSync(
  userId: string,
  deps: StravaDeps,
  requestedMode?: SyncMode,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const { connection, fence } = await connectionToImport(userId, 'strava', options.fence, STRAVA_NOT_CONNECTED);
  const mode: SyncMode = requestedMode ?? (connection.lastSyncAt ? 'incremental' : 'initial');
  let cursor =
    connection.syncCursor ??
    newCursor(mode, connection.lastSyncAt, deps.clock(), deps.settings.initialSyncDays, connection.connectedAt);
  // The budget is real time: it bounds how long this request runs, whatever clock the tests inject.
  const deadline = Date.now() + (options.budgetMs ?? SYNC_RUN_BUDGET_MS);

  const window = { startMs: cursor.after * 1000, endMs: cursor.before * 1000 };
  const readPage = async (page: number) => (await stravaPull.listWindowPage(userId, deps, window, String(page))).items;
  let nextRead: Promise<unknown[]> | null = settledLater(readPage(cursor.nextPage));
  // One keys-only read per run tells new from re-imported, instead of a read before every page's write.
  const stored = await storedActivityKeys(userId, 'strava');
  while (nextRead) {
    const page = cursor.nextPage;
    const raw = await nextRead;
    if (raw.length === 0) break;
    // The next page is read while this one is stored. Within the budget only, so a run that stops has sent no
    // request it does not use; a failed read surfaces when it is awaited, after this page and its cursor are saved.
    nextRead = Date.now() < deadline ? settledLater(readPage(page + 1)) : null;
    const { activities } = stravaPull.map(raw, { userId, fetchedAt: deps.clock(), timeZone: DEFAULT_TIME_ZONE });
    const counts = await upsertActivities(activities, stored, fence).catch(notConnected);
    cursor = {
      ...cursor,
      nextPage: page + 1,
      imported: cursor.imported + counts.imported,
      updated: cursor.updated + counts.updated,
    };
    if (!(await saveSyncCursor(userId, 'strava', cursor, deps.clock(), fence.generation)))
      throw new NotFoundError(STRAVA_NOT_CONNECTED);
    await options.onPage?.({ fetched: raw.length, cursor });
    if (!nextRead) {
      await recalculateMetricsSafely(userId, deps.clock(), deps, fence);
      logger.info('strava sync stopped at its time budget; it continues from the saved cursor', {
        userId,
        nextPage: cursor.nextPage,
      });
      return {
        provider: 'strava',
        imported: cursor.imported,
        updated: cursor.updated,
        lastSyncAt: connection.lastSyncAt ?? cursor.startedAt,
        complete: false,
      };
    }
  }
  const startedAt = new Date(cursor.startedAt);
  if (!(await markSynced(userId, 'strava', startedAt, fence.generation))) throw new NotFoundError(STRAVA_NOT_CONNECTED);
  await recalculateMetricsSafely(userId, startedAt, deps, fence);
  return {
    provider: 'strava',
    imported: cursor.imported,
    updated: cursor.updated,
    lastSyncAt: cursor.startedAt,
    complete: true,
  };
}

const STRAVA_NOT_CONNECTED = 'Strava is not connected.';

/** A fenced write refused because the connection ended: the spec's "not connected". */
function notConnected(error: unknown): never {
  if (error instanceof ConnectionEndedError) throw new NotFoundError(STRAVA_NOT_CONNECTED);
  throw error;
}

/**
 * The activities are stored either way; metrics that failed now are recomputed on the next sync. With a `fence`, the
 * aggregates are written only while that connection lasts.
 */
export async function recalculateMetricsSafely(
  userId: string,
  now: Date,
  deps: StravaDeps,
  fence?: ConnectionFence,
): Promise<void> {
  try {
    await deps.recalculateMetrics(userId, now, fence);
  } catch (error) {
    if (error instanceof ConnectionEndedError) return;
    logger.error('metrics recalculation failed after a sync', {
      userId,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The same promise, marked handled: its rejection waits for the await instead of crashing the process meanwhile. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
