/**
 * What the /analysis screen shows (spec health-connections §2), from a user's daily aggregates and the
 * raw activities still held. Pure: the clock and the time zone are arguments. The server and the
 * browser's demo mode both call this, so both draw the same numbers from the same data.
 */
import type { ProviderType, UnifiedActivity } from '../schemas/activity';
import type {
  AnalysisRange,
  AnalysisResponse,
  ChartBar,
  ChartBucket,
  HeatmapDay,
  PeriodTotals,
} from '../schemas/analysis';
import { HEATMAP_DAYS, HEATMAP_LEVELS, MAX_CHART_BARS, RECENT_ACTIVITY_COUNT } from '../schemas/analysis-plain';
import type { DailyAggregate } from '../schemas/metrics';
import { computeActivityMetrics, type MetricsClock } from './activity-metrics';
import { dayDistanceMeters, hasAnyData, isActiveDay } from './daily-aggregates';
import { lastLocalDays, localTimeIn, shiftDate } from './local-time';

/** Days each bounded filter covers; charts use the same span, so the bars add up to the stat cards. */
export const RANGE_DAYS: Readonly<Record<Exclude<AnalysisRange, 'all'>, number>> = { week: 7, month: 30, year: 365 };

export function emptyTotals(): PeriodTotals {
  return { sessions: 0, minutes: 0, distanceMeters: 0, calories: 0, steps: 0, activeDays: 0 };
}

/** Sums the aggregates whose date lies in [start, end]. */
export function totalsBetween(aggregates: readonly DailyAggregate[], start: string, end: string): PeriodTotals {
  const totals = emptyTotals();
  for (const day of aggregates) {
    if (day.date < start || day.date > end) continue;
    totals.sessions += day.sessions;
    totals.minutes += day.minutes;
    totals.distanceMeters += dayDistanceMeters(day);
    totals.calories += day.calories;
    totals.steps += day.steps;
    if (isActiveDay(day)) totals.activeDays += 1;
  }
  return totals;
}

/** The filter's local dates, inclusive. 'all' starts at the first day with any data (so 'of N' counts days since then). */
export function analysisPeriod(
  range: AnalysisRange,
  aggregates: readonly DailyAggregate[],
  today: string,
): { start: string; end: string } {
  if (range !== 'all') return { start: shiftDate(today, -(RANGE_DAYS[range] - 1)), end: today };
  let first = today;
  for (const day of aggregates) if (hasAnyData(day) && day.date < first) first = day.date;
  return { start: first, end: today };
}

/** Whole days from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The first local date of the calendar unit `date` falls in (weeks start on Monday). */
export function bucketStart(date: string, bucket: ChartBucket): string {
  const [year, month] = date.split('-') as [string, string];
  switch (bucket) {
    case 'day':
      return date;
    case 'week': {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
      return shiftDate(date, -((weekday + 6) % 7));
    }
    case 'month':
      return `${year}-${month}-01`;
    case 'quarter': {
      const firstMonth = Math.floor((Number(month) - 1) / 3) * 3 + 1;
      return `${year}-${String(firstMonth).padStart(2, '0')}-01`;
    }
    case 'year':
      return `${year}-01-01`;
  }
}

/** The first date of the unit after the one starting at `start`. */
function nextBucketStart(start: string, bucket: ChartBucket): string {
  const [year, month] = start.split('-').map(Number) as [number, number];
  const firstOf = (y: number, m: number) => {
    const date = new Date(Date.UTC(y, m - 1, 1));
    return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-01`;
  };
  switch (bucket) {
    case 'day':
      return shiftDate(start, 1);
    case 'week':
      return shiftDate(start, 7);
    case 'month':
      return firstOf(year, month + 1);
    case 'quarter':
      return firstOf(year, month + 3);
    case 'year':
      return firstOf(year + 1, 1);
  }
}

function bucketStartsIn(start: string, end: string, bucket: ChartBucket): string[] {
  const starts: string[] = [];
  for (let at = bucketStart(start, bucket); at <= end; at = nextBucketStart(at, bucket)) starts.push(at);
  return starts;
}

/** The smallest calendar unit that draws [start, end] in at most 30 bars. */
export function chartBucketFor(start: string, end: string): ChartBucket {
  const span = daysBetween(start, end);
  const candidates: ChartBucket[] = ['day', 'week', 'month', 'quarter'];
  // Counting the units of a long span one by one is wasted work when its length already rules a unit out.
  return (
    candidates.find(
      (bucket) =>
        span / MAX_BUCKET_DAYS[bucket] <= MAX_CHART_BARS && bucketStartsIn(start, end, bucket).length <= MAX_CHART_BARS,
    ) ?? 'year'
  );
}

/** The longest each unit gets, so a span needs at least span / this many bars of it. */
const MAX_BUCKET_DAYS: Record<ChartBucket, number> = { day: 1, week: 7, month: 31, quarter: 92, year: 366 };

/** Bars over [start, end], one per calendar unit, clipped to the period, oldest first. */
export function chartBars(
  aggregates: readonly DailyAggregate[],
  start: string,
  end: string,
): { bucket: ChartBucket; bars: ChartBar[] } {
  const bucket = chartBucketFor(start, end);
  const starts = bucketStartsIn(start, end, bucket);
  const bars: ChartBar[] = starts.map((at, index) => {
    const next = starts[index + 1];
    return {
      start: at < start ? start : at,
      end: next === undefined ? end : shiftDate(next, -1),
      sessions: 0,
      minutes: 0,
      distanceMeters: 0,
    };
  });
  const barIndexByStart = new Map(starts.map((at, index) => [at, index]));
  for (const day of aggregates) {
    if (day.date < start || day.date > end) continue;
    const bar = bars[barIndexByStart.get(bucketStart(day.date, bucket))!]!;
    bar.sessions += day.sessions;
    bar.minutes += day.minutes;
    bar.distanceMeters += dayDistanceMeters(day);
  }
  return { bucket, bars };
}

/** Intensity 0–4: none, then four equal steps of the busiest day's minutes (any session is at least 1). */
export function heatmapLevel(day: { sessions: number; minutes: number }, busiestMinutes: number): number {
  if (day.sessions <= 0 && day.minutes <= 0) return 0;
  if (busiestMinutes <= 0) return 1;
  const top = HEATMAP_LEVELS - 1;
  return Math.min(top, Math.max(1, Math.ceil((day.minutes / busiestMinutes) * top)));
}

/** The last 365 local days, today included, oldest first — every day, active or not. */
export function heatmapDays(aggregates: readonly DailyAggregate[], today: string): AnalysisResponse['heatmap'] {
  const start = shiftDate(today, -(HEATMAP_DAYS - 1));
  const byDate = new Map<string, DailyAggregate>();
  for (const day of aggregates) if (day.date >= start && day.date <= today) byDate.set(day.date, day);
  let busiestMinutes = 0;
  for (const day of byDate.values()) busiestMinutes = Math.max(busiestMinutes, day.minutes);
  const days: HeatmapDay[] = [];
  for (let offset = 0; offset < HEATMAP_DAYS; offset++) {
    const date = shiftDate(start, offset);
    const day = byDate.get(date);
    const sessions = day?.sessions ?? 0;
    const minutes = day?.minutes ?? 0;
    days.push({ date, sessions, minutes, level: heatmapLevel({ sessions, minutes }, busiestMinutes) });
  }
  return { start, end: today, busiestMinutes, days };
}

/** The newest activities that started on a local date within [start, end], newest first. */
export function recentActivitiesIn(
  activities: readonly UnifiedActivity[],
  { start, end }: { start: string; end: string },
  timeZone: string,
  count = RECENT_ACTIVITY_COUNT,
): UnifiedActivity[] {
  const localTime = localTimeIn(timeZone);
  return activities
    .map((activity) => ({ activity, startMs: Date.parse(activity.start_time) }))
    .filter(({ startMs }) => {
      if (Number.isNaN(startMs)) return false;
      const { date } = localTime(startMs);
      return date >= start && date <= end;
    })
    .sort(
      (a, b) => b.startMs - a.startMs || (a.activity.provider_activity_id < b.activity.provider_activity_id ? -1 : 1),
    )
    .slice(0, count)
    .map(({ activity }) => activity);
}

export interface AnalysisInput {
  range: AnalysisRange;
  /** The providers the person is connected to: what they measure decides what is "not measured". */
  sources: Iterable<ProviderType>;
  /** The user's daily aggregates, any order. */
  aggregates: readonly DailyAggregate[];
  /** The raw activities still held (already filtered for retention). */
  activities: readonly UnifiedActivity[];
}

/** Everything GET /api/analysis answers, computed as of `now` in the user's zone. */
export function buildAnalysis(
  { range, sources, aggregates, activities }: AnalysisInput,
  clock: MetricsClock,
): AnalysisResponse {
  const metrics = computeActivityMetrics(aggregates, clock, sources);
  const today = metrics.windowEnd;
  const period = analysisPeriod(range, aggregates, today);
  const lastSeven = lastLocalDays(clock.now, clock.timeZone, 7);
  return {
    range,
    generatedAt: clock.now.toISOString(),
    timeZone: clock.timeZone,
    period,
    hasActivity: aggregates.some(hasAnyData),
    metrics,
    totals: totalsBetween(aggregates, period.start, period.end),
    lastSevenDays: totalsBetween(aggregates, lastSeven.start, lastSeven.end),
    allTime: totalsBetween(aggregates, '0000-01-01', today),
    chart: chartBars(aggregates, period.start, period.end),
    heatmap: heatmapDays(aggregates, today),
    recentActivities: recentActivitiesIn(activities, period, clock.timeZone),
  };
}
