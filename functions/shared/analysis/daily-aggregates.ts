import type { ProviderType, UnifiedActivity } from '../schemas/activity';
import type { DailyAggregate, ProviderDailyAggregate } from '../schemas/metrics';
import { activityTypeLabel, isDailyStepsEntry } from '../activity-types';
import { localTimeIn } from './local-time';

/** What aggregation reads from an activity; anything missing or nonsensical counts as 0. */
export type AggregatableActivity = Pick<
  UnifiedActivity,
  'provider_type' | 'activity_type' | 'start_time' | 'duration_seconds'
> &
  Partial<Pick<UnifiedActivity, 'steps' | 'distance_meters' | 'calories_burned'>>;

function amount(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** The one definition of an active day, used by every figure that counts them: a day with at least one session. */
export function isActiveDay(day: Pick<DailyAggregate, 'sessions'>): boolean {
  return day.sessions > 0;
}

/**
 * The one definition of a day's distance, used by every figure that adds distances up: the larger of the sessions'
 * distance and the daily step count's estimate, never their sum. A phone counts the steps of a run too, so the
 * estimate already covers the run's ground; taking the larger keeps a walk-only day's estimate and a run-only day's
 * run, and never counts the same ground twice. (Subtracting the sessions from the estimate would go wrong when a
 * session was not on foot, a ride, or was recorded by a device the phone never saw.)
 */
export function dayDistanceMeters(day: Pick<DailyAggregate, 'distanceMeters' | 'stepsDistanceMeters'>): number {
  return Math.max(day.distanceMeters, day.stepsDistanceMeters ?? 0);
}

/** A day with anything recorded at all (sessions, or only a step count). */
export function hasAnyData(day: Pick<DailyAggregate, 'sessions' | 'steps'>): boolean {
  return day.sessions > 0 || day.steps > 0;
}

export function emptyDailyAggregate(date: string): DailyAggregate {
  return {
    date,
    sessions: 0,
    minutes: 0,
    steps: 0,
    distanceMeters: 0,
    calories: 0,
    types: {},
    hours: new Array<number>(24).fill(0),
  };
}

/**
 * What a day's figures are made from before they are settled: whole seconds (summed and divided once, so the same
 * activities always give the same minutes), and the steps and energy of its sessions and of its daily counts apart.
 */
interface DayTally {
  seconds: number;
  sessions: { steps: number; calories: number };
  dayCount: { steps: number; calories: number };
}

const emptyDayTally = (): DayTally => ({
  seconds: 0,
  sessions: { steps: 0, calories: 0 },
  dayCount: { steps: 0, calories: 0 },
});

/**
 * Sums activities into one aggregate per local date in `timeZone`, oldest first. A workout at 23:30
 * in Vancouver belongs to that Vancouver day even though it is the next day in UTC. Activities whose
 * start time cannot be read are left out rather than guessed.
 */
export function buildDailyAggregates(activities: readonly AggregatableActivity[], timeZone: string): DailyAggregate[] {
  const localTime = localTimeIn(timeZone);
  const byDate = new Map<string, { day: DailyAggregate; tally: DayTally }>();
  for (const activity of activities) {
    const startMs = Date.parse(activity.start_time);
    if (Number.isNaN(startMs)) continue;
    const { date, hour } = localTime(startMs);
    let entry = byDate.get(date);
    if (!entry) {
      entry = { day: emptyDailyAggregate(date), tally: emptyDayTally() };
      byDate.set(date, entry);
    }
    const { day, tally } = entry;
    tally.seconds += amount(activity.duration_seconds);
    // A daily step count gives the day's steps and calories, and estimates its distance, but it is not a session.
    const isDayCount = isDailyStepsEntry({ duration_seconds: activity.duration_seconds, steps: activity.steps });
    const part = isDayCount ? tally.dayCount : tally.sessions;
    part.steps += Math.round(amount(activity.steps));
    part.calories += amount(activity.calories_burned);
    if (isDayCount) {
      day.stepsDistanceMeters = (day.stepsDistanceMeters ?? 0) + amount(activity.distance_meters);
      continue;
    }
    day.distanceMeters += amount(activity.distance_meters);
    day.sessions += 1;
    const type = activityTypeLabel(activity.activity_type);
    day.types[type] = (day.types[type] ?? 0) + 1;
    day.hours[hour]! += 1;
  }
  for (const { day, tally } of byDate.values()) {
    day.minutes = tally.seconds / 60;
    // The phone's count for the day already holds a walk's or a run's steps and energy: the larger, never the sum,
    // as for distance (dayDistanceMeters).
    day.steps = Math.max(tally.sessions.steps, tally.dayCount.steps);
    day.calories = Math.max(tally.sessions.calories, tally.dayCount.calories);
  }
  return [...byDate.values()].map(({ day }) => day).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
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
  if ((a.stepsDistanceMeters ?? 0) !== (b.stepsDistanceMeters ?? 0)) return false;
  if (a.hours.length !== b.hours.length || a.hours.some((count, hour) => count !== b.hours[hour])) return false;
  const aTypes = Object.keys(a.types);
  return aTypes.length === Object.keys(b.types).length && aTypes.every((type) => a.types[type] === b.types[type]);
}

/** A raw activity still held, with the time it was last fetched (absent: fetched just now). */
export type HeldActivity = AggregatableActivity & { fetched_at?: string };

function byDateThenProvider(a: ProviderDailyAggregate, b: ProviderDailyAggregate): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0;
}

/** One aggregate per provider and local date, with the newest and oldest fetch time of what it sums. Oldest first. */
export function buildProviderDailyAggregates(
  activities: readonly HeldActivity[],
  timeZone: string,
  now: Date,
): ProviderDailyAggregate[] {
  const byProvider = new Map<ProviderType, HeldActivity[]>();
  for (const activity of activities) {
    const list = byProvider.get(activity.provider_type) ?? [];
    list.push(activity);
    byProvider.set(activity.provider_type, list);
  }
  const localTime = localTimeIn(timeZone);
  const nowIso = now.toISOString();
  const result: ProviderDailyAggregate[] = [];
  for (const [provider, list] of byProvider) {
    const fetched = new Map<string, { newest: string; oldest: string }>();
    for (const activity of list) {
      const startMs = Date.parse(activity.start_time);
      if (Number.isNaN(startMs)) continue;
      const { date } = localTime(startMs);
      const at = activity.fetched_at ? new Date(activity.fetched_at).toISOString() : nowIso;
      const seen = fetched.get(date);
      fetched.set(
        date,
        seen
          ? { newest: at > seen.newest ? at : seen.newest, oldest: at < seen.oldest ? at : seen.oldest }
          : { newest: at, oldest: at },
      );
    }
    for (const day of buildDailyAggregates(list, timeZone)) {
      const { newest, oldest } = fetched.get(day.date)!;
      result.push({ ...day, provider, rawNewestFetch: newest, rawOldestFetch: oldest });
    }
  }
  return result.sort(byDateThenProvider);
}

/** The user's days as every view shows them: each date's provider parts summed. Oldest first. */
export function combineDailyAggregates(parts: readonly DailyAggregate[]): DailyAggregate[] {
  const byDate = new Map<string, DailyAggregate>();
  for (const part of parts) {
    const day = byDate.get(part.date) ?? emptyDailyAggregate(part.date);
    day.sessions += part.sessions;
    day.minutes += part.minutes;
    day.steps += part.steps;
    day.distanceMeters += part.distanceMeters;
    if (part.stepsDistanceMeters !== undefined)
      day.stepsDistanceMeters = (day.stepsDistanceMeters ?? 0) + part.stepsDistanceMeters;
    day.calories += part.calories;
    for (const [type, count] of Object.entries(part.types)) day.types[type] = (day.types[type] ?? 0) + count;
    part.hours.forEach((count, hour) => (day.hours[hour]! += count));
    byDate.set(part.date, day);
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * Identifies a stored part: a provider's raw part of a day and its backfill part (what a history backfill
 * summed from records started before the import window, never stored raw) are separate parts of the same day, so
 * re-aggregating the raw records never overwrites the backfill's share and the day's total is always both.
 */
export function providerPartKey(part: Pick<ProviderDailyAggregate, 'provider' | 'date' | 'backfilled'>): string {
  return `${part.provider}#${part.date}${part.backfilled === true ? '#backfill' : ''}`;
}

export interface ReconcileInput {
  /** The stored provider parts (any dates; days not given are not judged). */
  stored: readonly ProviderDailyAggregate[];
  /** The raw activities still held (retention already applied). */
  held: readonly HeldActivity[];
  /**
   * The providers the user is connected to now, each with when that connection began: a part from any other
   * provider, or fetched before the connection began (it belongs to an earlier connection), no longer counts.
   */
  activeProviders: ReadonlyMap<ProviderType, string>;
  /** Raw records fetched before this instant are past retention (they may have been purged). */
  retentionCutoff: Date;
  now: Date;
  timeZone: string;
  /**
   * Limits re-aggregation to the days an import touched: a stored part of a day not touched is kept as stored.
   * Absent: every day with raw records is re-aggregated.
   */
  touched?: (provider: ProviderType, date: string) => boolean;
}

/**
 * The provider parts that are true now, from what is stored and the raw records still held:
 * - a provider the user is no longer connected to contributes nothing (disconnect, deauthorization), nor does a
 *   part left from an earlier connection to it;
 * - a day with raw records is summed from them (edits and deletions show), except that a part some of whose
 *   records were already past retention keeps its larger stored sums (the purge never shrinks history);
 * - a day without raw records keeps its stored part only if those records were past retention (purged);
 *   otherwise they were deleted at the provider, and so is the part;
 * - a backfill part (never backed by raw records) stays beside the day's raw part while its connection lasts.
 * Oldest first.
 */
export function reconcileProviderAggregates(input: ReconcileInput): ProviderDailyAggregate[] {
  const cutoff = input.retentionCutoff.getTime();
  const pastRetention = (fetchedAt: string) => Date.parse(fetchedAt) < cutoff;
  const key = providerPartKey;
  const fresh = new Map(
    buildProviderDailyAggregates(input.held, input.timeZone, input.now).map((part) => [key(part), part]),
  );
  const stored = new Map(input.stored.map((part) => [key(part), part]));
  const result: ProviderDailyAggregate[] = [];
  for (const id of new Set([...stored.keys(), ...fresh.keys()])) {
    const now = fresh.get(id);
    const part = (stored.get(id) ?? now)!;
    const connectedAt = input.activeProviders.get(part.provider);
    if (connectedAt === undefined) continue;
    // A part summed before the current connection began is left from an earlier one.
    const previous =
      stored.get(id) !== undefined && Date.parse(stored.get(id)!.rawNewestFetch) >= Date.parse(connectedAt)
        ? stored.get(id)
        : undefined;
    if (now === undefined) {
      if (previous !== undefined && (pastRetention(previous.rawNewestFetch) || previous.backfilled === true))
        result.push(previous);
      continue;
    }
    if (previous === undefined) {
      result.push(now);
      continue;
    }
    const untouched = input.touched !== undefined && !input.touched(part.provider, part.date);
    const partlyPurged = pastRetention(previous.rawOldestFetch) && previous.sessions > now.sessions;
    result.push(untouched || partlyPurged ? previous : now);
  }
  return result.sort(byDateThenProvider);
}

export function sameProviderDailyAggregate(a: ProviderDailyAggregate, b: ProviderDailyAggregate): boolean {
  return (
    a.provider === b.provider &&
    a.rawNewestFetch === b.rawNewestFetch &&
    a.rawOldestFetch === b.rawOldestFetch &&
    sameDailyAggregate(a, b)
  );
}
