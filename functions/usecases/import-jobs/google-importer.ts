import { addPageToBackfill, type BackfillDays } from '../../domain/backfill';
import { localMidnightMs, shiftDate, syncWindow } from '../../domain/google-health-time';
import { logger } from '../../lib/logger';
import { googleProvider } from '../providers/google';
import type { GoogleDeps } from '../google-deps';
import { GOOGLE_NOT_CONNECTED, importGoogleHealth, notConnected, toGoogleSyncError } from '../google-sync';
import { connectionToImport } from '../import-connection';
import { saveBackfilledDays } from './backfill-days';
import type { ImportOutcome, ImportRun, ProviderImporter } from './importer';

/** A new user's history, up to the last 12 months (the import's 30 days included). */
export const GOOGLE_BACKFILL_DAYS = 365;
/** Local days per backfill page: one steps roll-up (the reference allows up to 90 days) and the exercises' pages. */
export const GOOGLE_BACKFILL_PAGE_DAYS = 30;

/** A backfill's resume point: its fixed window (local dates, `endDate` exclusive), the next page's first day, the day totals so far. */
interface GoogleBackfillState {
  firstDate: string;
  endDate: string;
  nextDate: string;
  days: BackfillDays;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function stateFrom(state: Record<string, unknown> | null): GoogleBackfillState | null {
  if (!state) return null;
  const { firstDate, endDate, nextDate, days } = state;
  if (typeof firstDate !== 'string' || typeof endDate !== 'string' || typeof nextDate !== 'string') return null;
  if (![firstDate, endDate, nextDate].every((date) => DATE.test(date))) return null;
  return { firstDate, endDate, nextDate, days: typeof days === 'string' ? (JSON.parse(days) as BackfillDays) : {} };
}

/** Saved as one JSON string, like Strava's (a map of ~330 days of nested totals). */
function stateToSave(state: GoogleBackfillState): Record<string, unknown> {
  return { ...state, days: JSON.stringify(state.days) };
}

export function googleImporter(deps: GoogleDeps): ProviderImporter {
  return {
    clock: deps.clock,
    toError: toGoogleSyncError,
    // The 30-day window is one steps roll-up and the exercises page after page (25 a page): one run covers it.
    async import(run) {
      const { result, pages } = await importGoogleHealth(run.userId, deps, run.fence);
      await run.progress({
        fetched: result.imported + result.updated,
        stored: result.imported + result.updated,
        pages,
      });
      return { done: true, result: { imported: result.imported, updated: result.updated, days: 0 } };
    },
    backfill: (run) => backfillGoogle(run, deps),
  };
}

/**
 * The Google Health API serves a person's history through the same roll-up and exercise list, so the year before
 * the import window is read the same way, 30 local days per page, into day totals only (no activity is stored: they
 * are past the retention window). Totals and cursor are saved together after every page, so a crash or a rate limit
 * (a 429 parks the job until the quota reopens) resumes at the next page without counting a page twice.
 */
async function backfillGoogle(run: ImportRun, deps: GoogleDeps): Promise<ImportOutcome> {
  const { connection } = await connectionToImport(run.userId, 'google_health', run.fence, GOOGLE_NOT_CONNECTED);
  // The year before the connection's first import window, which began when the connection did.
  const importStart = syncWindow(new Date(connection.connectedAt), deps.timeZone, deps.settings.syncDays).firstDate;
  let state = stateFrom(run.state) ?? {
    firstDate: shiftDate(importStart, -(GOOGLE_BACKFILL_DAYS - deps.settings.syncDays)),
    endDate: importStart,
    nextDate: shiftDate(importStart, -(GOOGLE_BACKFILL_DAYS - deps.settings.syncDays)),
    days: {},
  };
  let counts = run.job.counts;
  const deadline = Date.now() + run.budgetMs;
  while (state.nextDate < state.endDate) {
    const pageEnd = minDate(shiftDate(state.nextDate, GOOGLE_BACKFILL_PAGE_DAYS), state.endDate);
    const window = {
      startMs: localMidnightMs(state.nextDate, deps.timeZone),
      endMs: localMidnightMs(pageEnd, deps.timeZone),
    };
    // The provider's pull, page after page: its first page brings the steps roll-up, each page up to 25 exercises.
    const items: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page = await googleProvider.pull!.listWindowPage(run.userId, deps, window, cursor);
      items.push(...page.items);
      cursor = page.next;
    } while (cursor !== null);
    const fetchedAt = deps.clock();
    const { activities, skipped } = googleProvider.pull!.map(items, {
      userId: run.userId,
      fetchedAt,
      timeZone: deps.timeZone,
    });
    if (skipped > 0)
      logger.warn('skipped unreadable google health exercises in a backfill', { userId: run.userId, skipped });
    state = {
      ...state,
      nextDate: pageEnd,
      days: addPageToBackfill(
        state.days,
        activities.map((a) => a.activity),
        deps.timeZone,
        fetchedAt,
        // The last second before the import's first local day: that day and later are the import's.
        Math.floor(localMidnightMs(state.endDate, deps.timeZone) / 1000) - 1,
      ),
    };
    counts = {
      fetched: counts.fetched + activities.length + skipped,
      stored: Object.keys(state.days).length,
      pages: counts.pages + 1,
    };
    await run.progress(counts, stateToSave(state));
    if (state.nextDate < state.endDate && Date.now() >= deadline) return { done: false };
  }
  const days = await saveBackfilledDays(run.fence, state.days, deps.clock()).catch(notConnected);
  return { done: true, result: { imported: 0, updated: 0, days } };
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
