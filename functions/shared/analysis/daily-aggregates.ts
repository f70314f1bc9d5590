import type { UnifiedActivity } from '../schemas/activity';
import type { DailyAggregate } from '../schemas/metrics';
import { localTimeIn } from './local-time';

/** What aggregation reads from an activity; anything missing or nonsensical counts as 0. */
export type AggregatableActivity = Pick<UnifiedActivity, 'provider_type' | 'activity_type' | 'start_time' | 'duration_seconds'> &
  Partial<Pick<UnifiedActivity, 'steps' | 'distance_meters' | 'calories_burned'>>;

function amount(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

export function emptyDailyAggregate(date: string): DailyAggregate {
  return { date, sessions: 0, minutes: 0, steps: 0, distanceMeters: 0, calories: 0, types: {}, hours: new Array<number>(24).fill(0) };
}

/**
 * Sums activities into one aggregate per local date in `timeZone`, oldest first. A workout at 23:30
 * in Vancouver belongs to that Vancouver day even though it is the next day in UTC. Activities whose
 * start time cannot be read are left out rather than guessed.
 */
export function buildDailyAggregates(activities: readonly AggregatableActivity[], timeZone: string): DailyAggregate[] {
  const localTime = localTimeIn(timeZone);
  const byDate = new Map<string, DailyAggregate>();
  // Whole seconds are summed and divided once, so the same activities always give the same minutes.
  const secondsByDate = new Map<string, number>();
  for (const activity of activities) {
    const startMs = Date.parse(activity.start_time);
    if (Number.isNaN(startMs)) continue;
    const { date, hour } = localTime(startMs);
    let day = byDate.get(date);
    if (!day) {
      day = emptyDailyAggregate(date);
      byDate.set(date, day);
    }
    day.sessions += 1;
    secondsByDate.set(date, (secondsByDate.get(date) ?? 0) + amount(activity.duration_seconds));
    day.steps += Math.round(amount(activity.steps));
    day.distanceMeters += amount(activity.distance_meters);
    day.calories += amount(activity.calories_burned);
    const type = activity.activity_type || 'workout';
    day.types[type] = (day.types[type] ?? 0) + 1;
    day.hours[hour]! += 1;
  }
  for (const [date, seconds] of secondsByDate) byDate.get(date)!.minutes = seconds / 60;
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The local dates whose raw data may be incomplete: for each provider, the oldest day it still has
 * raw activities for. Older activities of that day may already have been purged (the daily refresh
 * renews only the newest page), so that day's fresh sums can undercount.
 */
export function possiblyPartialDates(activities: readonly AggregatableActivity[], timeZone: string): Set<string> {
  const localTime = localTimeIn(timeZone);
  const oldestByProvider = new Map<string, number>();
  for (const activity of activities) {
    const startMs = Date.parse(activity.start_time);
    if (Number.isNaN(startMs)) continue;
    const oldest = oldestByProvider.get(activity.provider_type);
    if (oldest === undefined || startMs < oldest) oldestByProvider.set(activity.provider_type, startMs);
  }
  return new Set([...oldestByProvider.values()].map((startMs) => localTime(startMs).date));
}

/**
 * Combines stored aggregates with ones freshly computed from the raw activities still held.
 * - A day with no raw activities left keeps its stored aggregate (its raw data was purged).
 * - A day with raw activities is recomputed from them, so edits and deletions show.
 * - On a possibly partial day the one with more sessions wins, so purging part of a day never shrinks it.
 * Oldest first.
 */
export function mergeDailyAggregates(
  stored: readonly DailyAggregate[],
  fresh: readonly DailyAggregate[],
  partialDates: ReadonlySet<string> = new Set(),
): DailyAggregate[] {
  const byDate = new Map(stored.map((day) => [day.date, day]));
  for (const day of fresh) {
    const previous = byDate.get(day.date);
    const keepPrevious = previous !== undefined && partialDates.has(day.date) && previous.sessions > day.sessions;
    if (!keepPrevious) byDate.set(day.date, day);
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export function sameDailyAggregate(a: DailyAggregate, b: DailyAggregate): boolean {
  if (a.date !== b.date || a.sessions !== b.sessions || a.minutes !== b.minutes || a.steps !== b.steps) return false;
  if (a.distanceMeters !== b.distanceMeters || a.calories !== b.calories) return false;
  if (a.hours.length !== b.hours.length || a.hours.some((count, hour) => count !== b.hours[hour])) return false;
  const aTypes = Object.keys(a.types);
  return aTypes.length === Object.keys(b.types).length && aTypes.every((type) => a.types[type] === b.types[type]);
}
