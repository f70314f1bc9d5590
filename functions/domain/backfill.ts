import { buildProviderDailyAggregates, type HeldActivity } from '../shared/analysis/daily-aggregates';
import type { ProviderDailyAggregate } from '../shared/schemas/metrics';

/** A backfill's running day totals: one provider part per local date, summed page after page. */
export type BackfillDays = Record<string, ProviderDailyAggregate>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a connection's raw history begins (epoch seconds): its first import stores what started after this instant
 * (Strava's `after` is exclusive) and the backfill sums what started at or before it, so the day the two windows meet
 * is split between them without a gap or an overlap.
 */
export function importWindowStart(connectedAt: string, initialSyncDays: number): number {
  return Math.floor((Date.parse(connectedAt) - initialSyncDays * DAY_MS) / 1000);
}

function addParts(a: ProviderDailyAggregate, b: ProviderDailyAggregate): ProviderDailyAggregate {
  const types = { ...a.types };
  for (const [type, count] of Object.entries(b.types)) types[type] = (types[type] ?? 0) + count;
  return {
    ...a,
    sessions: a.sessions + b.sessions,
    minutes: a.minutes + b.minutes,
    steps: a.steps + b.steps,
    distanceMeters: a.distanceMeters + b.distanceMeters,
    ...(a.stepsDistanceMeters !== undefined || b.stepsDistanceMeters !== undefined
      ? { stepsDistanceMeters: (a.stepsDistanceMeters ?? 0) + (b.stepsDistanceMeters ?? 0) }
      : {}),
    calories: a.calories + b.calories,
    types,
    hours: a.hours.map((count, hour) => count + (b.hours[hour] ?? 0)),
    rawNewestFetch: a.rawNewestFetch > b.rawNewestFetch ? a.rawNewestFetch : b.rawNewestFetch,
    rawOldestFetch: a.rawOldestFetch < b.rawOldestFetch ? a.rawOldestFetch : b.rawOldestFetch,
    backfilled: true,
  };
}

/**
 * Adds one page of activities to the running day totals (pure: returns new totals; page order does not matter).
 * Only activities that started at or before `windowStart` (importWindowStart) count: anything later belongs to the
 * raw import, even if the provider's page holds it, so no activity is counted twice.
 */
export function addPageToBackfill(
  days: BackfillDays,
  page: readonly HeldActivity[],
  timeZone: string,
  now: Date,
  windowStart: number,
): BackfillDays {
  const next: BackfillDays = { ...days };
  const older = page.filter((activity) => Math.floor(Date.parse(activity.start_time) / 1000) <= windowStart);
  for (const part of buildProviderDailyAggregates(older, timeZone, now)) {
    const previous = next[part.date];
    next[part.date] = previous ? addParts(previous, part) : { ...part, backfilled: true };
  }
  return next;
}
