/**
 * A user's activity metrics (spec health-connections §9; the earlier product's update_user_activity_metrics):
 * weekly minutes, sessions and steps over the last 28 local days averaged over 4 weeks, the 0–100
 * activity-level score and its label, preferred hours, top types and days active over 365.
 * Pure: time and time zone come in as arguments. Everything is computed from daily aggregates so
 * the figures survive the 7-day purge of raw provider data (design §1).
 */
import { measuresOf, type Measure } from '../activity-level';
import type { ProviderType } from '../schemas/activity';
import type { ActivityLevelLabel, ActivityMetrics, DailyAggregate } from '../schemas/metrics';
import { ACTIVITY_LEVEL_LABELS } from '../schemas/metrics-plain';
import { buildDailyAggregates, dayDistanceMeters, isActiveDay, type AggregatableActivity } from './daily-aggregates';
import { assertTimeZone, lastLocalDays } from './local-time';

export * from './daily-aggregates';
export * from './local-time';

export const SCORE_WINDOW_DAYS = 28;
const SCORE_WINDOW_WEEKS = SCORE_WINDOW_DAYS / 7;
export const LONG_RANGE_DAYS = 365;
const TOP_COUNT = 3;

/** Spec §9: each part earns points in proportion to its target, capped at its maximum. */
export const SCORE_PARTS = {
  minutes: { maxPoints: 40, target: 150 }, // minutes per week
  sessions: { maxPoints: 30, target: 4 }, // sessions per week
  steps: { maxPoints: 30, target: 10_000 }, // steps per day
} as const;

/** Lowest score for each label, highest first. */
const LABEL_THRESHOLDS: readonly (readonly [number, ActivityLevelLabel])[] = [
  [80, 'Elite'],
  [60, 'Advanced'],
  [40, 'Intermediate'],
  [20, 'Beginner'],
];

export function activityLevelLabel(score: number): ActivityLevelLabel {
  for (const [minimum, label] of LABEL_THRESHOLDS) if (score >= minimum) return label;
  return ACTIVITY_LEVEL_LABELS[0];
}

function points(value: number, part: { maxPoints: number; target: number }): number {
  if (!(value > 0)) return 0;
  return Math.min(part.maxPoints, (value / part.target) * part.maxPoints);
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export interface ActivityScore {
  score: number;
  label: ActivityLevelLabel;
  points: { minutes: number; sessions: number; steps: number };
}

type ScorePart = keyof typeof SCORE_PARTS;
const SCORE_PART_KEYS = Object.keys(SCORE_PARTS) as ScorePart[];

/**
 * The score is over the parts the person's sources measure: their points out of those parts' maximum, scaled to
 * 100 (a part with no source counts neither for nor against). The rounded sum of the unrounded parts; the label
 * follows the score the user sees. `measured` absent: every part is measured.
 */
export function activityScore(
  averages: {
    weeklyMinutes: number;
    weeklySessions: number;
    dailySteps: number;
  },
  measured: readonly Measure[] = SCORE_PART_KEYS,
): ActivityScore {
  const isMeasured = (part: ScorePart) => measured.includes(part);
  const parts = {
    minutes: isMeasured('minutes') ? points(averages.weeklyMinutes, SCORE_PARTS.minutes) : 0,
    sessions: isMeasured('sessions') ? points(averages.weeklySessions, SCORE_PARTS.sessions) : 0,
    steps: isMeasured('steps') ? points(averages.dailySteps, SCORE_PARTS.steps) : 0,
  };
  const possible = SCORE_PART_KEYS.filter(isMeasured).reduce((sum, part) => sum + SCORE_PARTS[part].maxPoints, 0);
  const earned = parts.minutes + parts.sessions + parts.steps;
  const score = possible === 0 ? 0 : Math.min(100, Math.round((earned / possible) * 100));
  return {
    score,
    label: activityLevelLabel(score),
    points: {
      minutes: roundTo(parts.minutes, 1),
      sessions: roundTo(parts.sessions, 1),
      steps: roundTo(parts.steps, 1),
    },
  };
}

/** Most sessions first; ties go to the smaller key so results never depend on input order. */
function topByCount<K extends string | number>(counts: Map<K, number>): [K, number][] {
  return [...counts.entries()]
    .filter(([, count]) => count > 0)
    .sort(([keyA, a], [keyB, b]) => b - a || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .slice(0, TOP_COUNT);
}

export interface MetricsClock {
  now: Date;
  /** IANA zone the user lives in. */
  timeZone: string;
}

/** The measures the person's sources provide, given those sources and the days they produced. */
export function measuresOfDays(sources: Iterable<ProviderType>, aggregates: readonly DailyAggregate[]): Measure[] {
  const seen = { minutes: 0, sessions: 0, distance: 0, steps: 0, calories: 0 };
  for (const day of aggregates) {
    seen.minutes += day.minutes;
    seen.sessions += day.sessions;
    seen.distance += day.distanceMeters + (day.stepsDistanceMeters ?? 0);
    seen.steps += day.steps;
    seen.calories += day.calories;
  }
  return measuresOf(sources, seen);
}

/**
 * Metrics from a user's daily aggregates (in any order; days outside the windows are ignored). `sources`: the
 * providers the person is connected to; the score is over what they measure.
 */
export function computeActivityMetrics(
  aggregates: readonly DailyAggregate[],
  { now, timeZone }: MetricsClock,
  sources: Iterable<ProviderType>,
): ActivityMetrics {
  assertTimeZone(timeZone);
  const scoreWindow = lastLocalDays(now, timeZone, SCORE_WINDOW_DAYS);
  const longRange = lastLocalDays(now, timeZone, LONG_RANGE_DAYS);

  let minutes = 0;
  let sessions = 0;
  let steps = 0;
  let daysActive = 0;
  const sessionsByHour = new Map<number, number>();
  const sessionsByType = new Map<string, number>();
  for (const day of aggregates) {
    if (day.date < longRange.start || day.date > longRange.end) continue;
    if (isActiveDay(day)) daysActive += 1;
    day.hours.forEach((count, hour) => {
      if (count > 0) sessionsByHour.set(hour, (sessionsByHour.get(hour) ?? 0) + count);
    });
    for (const [type, count] of Object.entries(day.types))
      sessionsByType.set(type, (sessionsByType.get(type) ?? 0) + count);
    if (day.date < scoreWindow.start) continue;
    minutes += day.minutes;
    sessions += day.sessions;
    steps += day.steps;
  }

  const weeklyMinutes = minutes / SCORE_WINDOW_WEEKS;
  const weeklySessions = sessions / SCORE_WINDOW_WEEKS;
  const dailySteps = steps / SCORE_WINDOW_DAYS;
  const measured = measuresOfDays(sources, aggregates);
  const score = activityScore({ weeklyMinutes, weeklySessions, dailySteps }, measured);

  return {
    calculatedAt: now.toISOString(),
    timeZone,
    windowStart: scoreWindow.start,
    windowEnd: scoreWindow.end,
    weeklyMinutes: roundTo(weeklyMinutes, 1),
    weeklySessions: roundTo(weeklySessions, 2),
    weeklySteps: Math.round(steps / SCORE_WINDOW_WEEKS),
    dailySteps: Math.round(dailySteps),
    activityScore: score.score,
    activityLevelLabel: score.label,
    scorePoints: score.points,
    measured,
    preferredHours: topByCount(sessionsByHour).map(([hour, count]) => ({ hour, sessions: count })),
    topActivityTypes: topByCount(sessionsByType).map(([type, count]) => ({ type, sessions: count })),
    daysActive,
    daysActivePercent: roundTo((daysActive / LONG_RANGE_DAYS) * 100, 1),
  };
}

export interface PeriodTotals {
  sessions: number;
  minutes: number;
  steps: number;
  distanceMeters: number;
  calories: number;
  daysActive: number;
}

/** Sums over the last `days` local days, today included ('last 7 days' = today and the 6 days before it). */
export function totalsForLastDays(
  aggregates: readonly DailyAggregate[],
  { now, timeZone }: MetricsClock,
  days: number,
): PeriodTotals {
  const { start, end } = lastLocalDays(now, timeZone, days);
  const totals: PeriodTotals = { sessions: 0, minutes: 0, steps: 0, distanceMeters: 0, calories: 0, daysActive: 0 };
  for (const day of aggregates) {
    if (day.date < start || day.date > end) continue;
    totals.sessions += day.sessions;
    totals.minutes += day.minutes;
    totals.steps += day.steps;
    totals.distanceMeters += dayDistanceMeters(day);
    totals.calories += day.calories;
    if (isActiveDay(day)) totals.daysActive += 1;
  }
  return totals;
}

/** Daily aggregates and metrics straight from raw activities (no stored history). */
export function computeActivityMetricsFromActivities(
  activities: readonly AggregatableActivity[],
  clock: MetricsClock,
): { metrics: ActivityMetrics; dailyAggregates: DailyAggregate[] } {
  const dailyAggregates = buildDailyAggregates(activities, clock.timeZone);
  const sources = new Set(activities.map((activity) => activity.provider_type));
  return { metrics: computeActivityMetrics(dailyAggregates, clock, sources), dailyAggregates };
}
