import { addPageToBackfill, importWindowStart, type BackfillDays } from '../../domain/backfill';
import { isServerFault, TooManyRequestsError } from '../../lib/errors';
import { stravaPull } from '../providers/strava/pull';
import { finishSyncRequest, pendingSyncRequests } from '../../repositories/sync-requests';
import { DEFAULT_TIME_ZONE } from '../../shared/schemas/metrics';
import type { StravaDeps } from '../strava-deps';
import { connectionToImport } from '../import-connection';
import { syncStrava, toSyncError } from '../strava-sync';
import { saveBackfilledDays } from './backfill-days';
import type { ImportOutcome, ImportRun, ProviderImporter } from './importer';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A new user's history, up to the last 12 months, Strava's largest page. */
export const BACKFILL_DAYS = 365;
export const BACKFILL_PAGE_SIZE = 200;
const FIFTEEN_MINUTES_S = 15 * 60;

/** A backfill's resume point: its fixed window (epoch seconds), the next page, and the day totals so far. */
interface BackfillState {
  after: number;
  before: number;
  nextPage: number;
  days: BackfillDays;
}

function backfillStateFrom(state: Record<string, unknown> | null): BackfillState | null {
  if (
    !state ||
    typeof state.after !== 'number' ||
    typeof state.before !== 'number' ||
    typeof state.nextPage !== 'number'
  )
    return null;
  const days = typeof state.days === 'string' ? (JSON.parse(state.days) as BackfillDays) : {};
  return { after: state.after, before: state.before, nextPage: state.nextPage, days };
}

/** Saved as one JSON string: a map of ~330 days of nested totals is slow to (un)marshal attribute by attribute. */
function stateToSave(state: BackfillState): Record<string, unknown> {
  return { after: state.after, before: state.before, nextPage: state.nextPage, days: JSON.stringify(state.days) };
}

export function stravaImporter(deps: StravaDeps): ProviderImporter {
  return {
    clock: deps.clock,
    toError: toSyncError,
    // Strava's two windows: a wait up to 15 minutes is the 15-minute one, anything longer the daily one.
    waitReason: (retryAfterSeconds) =>
      retryAfterSeconds <= FIFTEEN_MINUTES_S ? 'rate_limit_15min' : 'rate_limit_daily',
    async import(run) {
      let fetched = run.job.counts.fetched;
      let result;
      try {
        result = await syncStrava(run.userId, deps, run.window === 'recent' ? 'window' : undefined, {
          fence: run.fence,
          budgetMs: run.budgetMs,
          onPage: async ({ fetched: onPage, cursor }) => {
            fetched += onPage;
            await run.progress({ fetched, stored: cursor.imported + cursor.updated, pages: cursor.nextPage - 1 });
          },
        });
      } catch (error) {
        // A rate limit or a fault resumes later; the user's own state (reconnect, disconnected) ends the requests.
        const mapped = toSyncError(error);
        if (!(mapped instanceof TooManyRequestsError) && !isServerFault(mapped))
          await answerSyncRequests(run.userId, { status: 'failed', errorMessage: mapped.message }, deps.clock());
        throw error;
      }
      if (result.complete === false) return { done: false };
      await answerSyncRequests(run.userId, { status: 'completed' }, deps.clock());
      return { done: true, result: { imported: result.imported, updated: result.updated, days: 0 } };
    },
    backfill: (run) => backfillStrava(run, deps),
  };
}

/** A manual_sync_only user's pending sync requests are answered by the import that covered their window. */
async function answerSyncRequests(
  userId: string,
  outcome: { status: 'completed' } | { status: 'failed'; errorMessage: string },
  now: Date,
): Promise<void> {
  for (const request of await pendingSyncRequests(userId)) await finishSyncRequest(userId, request, outcome, now);
}

/**
 * Reads the year before the import window page by page into day totals only (no activity is stored: they are past
 * the retention window). The totals and the cursor are saved together after every page, so a crash or a rate limit
 * resumes at the next page without counting a page twice. When the window is read, the days are written as the
 * Strava backfill parts of the daily aggregates (beside the raw parts, never over them) and the metrics recomputed.
 */
async function backfillStrava(run: ImportRun, deps: StravaDeps): Promise<ImportOutcome> {
  // The year before the connection's first import window, which began when the connection did.
  const { connection } = await connectionToImport(run.userId, 'strava', run.fence, 'Strava is not connected.');
  const windowStart = importWindowStart(connection.connectedAt, deps.settings.initialSyncDays);
  let state = backfillStateFrom(run.state) ?? {
    after: Math.floor((Date.parse(connection.connectedAt) - BACKFILL_DAYS * DAY_MS) / 1000),
    // Strava's `before` is exclusive: what started at the window's first second is the backfill's, not the import's.
    before: windowStart + 1,
    nextPage: 1,
    days: {},
  };
  let counts = run.job.counts;
  const deadline = Date.now() + run.budgetMs;
  for (;;) {
    const { after, before, nextPage: page } = state;
    const window = { startMs: after * 1000, endMs: before * 1000 };
    const { items: raw } = await stravaPull.listWindowPage(run.userId, deps, window, String(page), BACKFILL_PAGE_SIZE);
    if (raw.length === 0) break;
    const fetchedAt = deps.clock();
    const { activities } = stravaPull.map(raw, { userId: run.userId, fetchedAt, timeZone: DEFAULT_TIME_ZONE });
    state = {
      ...state,
      nextPage: page + 1,
      days: addPageToBackfill(
        state.days,
        activities.map((a) => a.activity),
        DEFAULT_TIME_ZONE,
        fetchedAt,
        windowStart,
      ),
    };
    counts = { fetched: counts.fetched + raw.length, stored: Object.keys(state.days).length, pages: page };
    await run.progress(counts, stateToSave(state));
    if (Date.now() >= deadline) return { done: false };
  }
  const days = await saveBackfilledDays(run.fence, state.days, deps.clock());
  return { done: true, result: { imported: 0, updated: 0, days } };
}
