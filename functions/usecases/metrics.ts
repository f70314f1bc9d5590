import {
  LONG_RANGE_DAYS,
  type AggregatableActivity,
  buildDailyAggregates,
  computeActivityMetrics,
  lastLocalDays,
  mergeDailyAggregates,
  possiblyPartialDates,
  sameDailyAggregate,
} from '../domain/metrics';
import { activitiesForMetrics, dynamoMetricsStore } from '../repositories/metrics';
import { DEFAULT_TIME_ZONE, type ActivityMetrics, type DailyAggregate } from '../shared/schemas/metrics';

export interface MetricsDeps {
  /**
   * The user's activities still held (raw provider data, already filtered for retention). Defaults to a
   * DynamoDB read of only the attributes aggregation needs; full UnifiedActivity records work too.
   */
  listActivities(userId: string): Promise<AggregatableActivity[]>;
  /** Stored daily aggregates from `from` ('YYYY-MM-DD', inclusive) onwards. */
  listDailyAggregates(userId: string, range: { from: string }): Promise<DailyAggregate[]>;
  saveMetrics(userId: string, metrics: ActivityMetrics): Promise<void>;
  /** Overwrites the given days and leaves every other day as it is. */
  saveDailyAggregates(userId: string, aggregates: DailyAggregate[]): Promise<void>;
}

export interface RecalculateOptions {
  /** The user's IANA time zone; America/Vancouver until profiles carry one. */
  timeZone?: string;
}

/**
 * Recomputes and stores a user's metrics after a sync or an ingest. Days are re-derived from the raw
 * activities still held and merged into the stored daily aggregates, so days whose raw data was
 * purged keep their aggregate and the 365-day figures stay whole. Only changed days are written.
 * Every dependency defaults to DynamoDB: the activities table (only the aggregated attributes, within
 * retention) and the users table.
 */
export async function recalculateUserMetrics(
  userId: string,
  now: Date,
  deps: Partial<MetricsDeps> = {},
  options: RecalculateOptions = {},
): Promise<ActivityMetrics> {
  const { listActivities, listDailyAggregates, saveMetrics, saveDailyAggregates } = {
    ...dynamoMetricsStore,
    listActivities: (id: string) => activitiesForMetrics(id, now),
    ...deps,
  };
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;

  const activities = await listActivities(userId);
  const fresh = buildDailyAggregates(activities, timeZone);
  const longRangeStart = lastLocalDays(now, timeZone, LONG_RANGE_DAYS).start;
  const oldestFresh = fresh[0]?.date;
  const from = oldestFresh !== undefined && oldestFresh < longRangeStart ? oldestFresh : longRangeStart;
  const stored = await listDailyAggregates(userId, { from });

  const merged = mergeDailyAggregates(stored, fresh, possiblyPartialDates(activities, timeZone));
  const storedByDate = new Map(stored.map((day) => [day.date, day]));
  const changed = merged.filter((day) => {
    const previous = storedByDate.get(day.date);
    return previous === undefined || !sameDailyAggregate(previous, day);
  });
  if (changed.length > 0) await saveDailyAggregates(userId, changed);

  const metrics = computeActivityMetrics(merged, { now, timeZone });
  await saveMetrics(userId, metrics);
  return metrics;
}
