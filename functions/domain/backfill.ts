import { buildProviderDailyAggregates, type HeldActivity } from '../shared/analysis/daily-aggregates';
import type { ProviderDailyAggregate } from '../shared/schemas/metrics';

/** A backfill's running day totals: one provider part per local date, summed page after page. */
export type BackfillDays = Record<string, ProviderDailyAggregate>;

function addParts(a: ProviderDailyAggregate, b: ProviderDailyAggregate): ProviderDailyAggregate {
  const types = { ...a.types };
  for (const [type, count] of Object.entries(b.types)) types[type] = (types[type] ?? 0) + count;
  return {
    ...a,
    sessions: a.sessions + b.sessions,
    minutes: a.minutes + b.minutes,
    steps: a.steps + b.steps,
    distanceMeters: a.distanceMeters + b.distanceMeters,
    calories: a.calories + b.calories,
    types,
    hours: a.hours.map((count, hour) => count + (b.hours[hour] ?? 0)),
    rawNewestFetch: a.rawNewestFetch > b.rawNewestFetch ? a.rawNewestFetch : b.rawNewestFetch,
    rawOldestFetch: a.rawOldestFetch < b.rawOldestFetch ? a.rawOldestFetch : b.rawOldestFetch,
    backfilled: true,
  };
}

/** Adds one page of activities to the running day totals (pure: returns new totals; page order does not matter). */
export function addPageToBackfill(
  days: BackfillDays,
  page: readonly HeldActivity[],
  timeZone: string,
  now: Date,
): BackfillDays {
  const next: BackfillDays = { ...days };
  for (const part of buildProviderDailyAggregates(page, timeZone, now)) {
    const previous = next[part.date];
    next[part.date] = previous ? addParts(previous, part) : { ...part, backfilled: true };
  }
  return next;
}
