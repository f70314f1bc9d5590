import * as z from 'zod';
import { ProviderType } from './activity';
import { ACTIVITY_LEVEL_LABELS } from './metrics-plain';
import { MEASURES } from '../activity-level';

export { ACTIVITY_LEVEL_LABELS, DEFAULT_TIME_ZONE } from './metrics-plain';

export const ActivityLevelLabel = z.enum(ACTIVITY_LEVEL_LABELS);
export type ActivityLevelLabel = z.infer<typeof ActivityLevelLabel>;

/** Calendar date in the user's time zone, 'YYYY-MM-DD'. */
export const LocalDate = z.iso.date();
export type LocalDate = z.infer<typeof LocalDate>;

/**
 * One local day of a user's activity, derived from their unified activities (design §1).
 * It holds sums and counts only — no names, routes or provider records — so it outlives the 7-day
 * purge of raw provider data and backs the long-range views (year heatmap, 'all', days active).
 */
export const DailyAggregate = z.object({
  date: LocalDate,
  sessions: z.number().int().nonnegative(),
  minutes: z.number().nonnegative(),
  steps: z.number().int().nonnegative(),
  /** The distance of the day's sessions (a daily step count's estimate is apart, below). */
  distanceMeters: z.number().nonnegative(),
  /**
   * The distance a daily step count estimates. The steps were counted on the same ground as the day's sessions,
   * so a day's distance is the larger of the two, never their sum (dayDistanceMeters). Absent: none.
   */
  stepsDistanceMeters: z.number().nonnegative().optional(),
  calories: z.number().nonnegative(),
  /** Sessions per activity type, e.g. { Run: 2, Hike: 1 }. */
  types: z.record(z.string().min(1), z.number().int().positive()),
  /** Sessions started in each local hour, index 0–23. */
  hours: z.array(z.number().int().nonnegative()).length(24),
});
export type DailyAggregate = z.infer<typeof DailyAggregate>;

/**
 * One provider's part of a local day: stored per provider so a disconnect, a deauthorization, a deletion
 * at the provider or the 7-day purge changes exactly that provider's share of every total.
 * `rawNewestFetch` / `rawOldestFetch`: the newest and oldest fetch time of the raw records it was summed from. While
 * the newest is within retention those records must still be held, so a day whose records are gone was deleted
 * at the provider, not purged.
 */
export const ProviderDailyAggregate = DailyAggregate.extend({
  provider: ProviderType,
  rawNewestFetch: z.iso.datetime(),
  rawOldestFetch: z.iso.datetime(),
  /**
   * Summed by a history backfill from records that were never stored: no raw records back it, so it is
   * not mistaken for a day deleted at the provider when none are held.
   */
  backfilled: z.boolean().optional(),
});
export type ProviderDailyAggregate = z.infer<typeof ProviderDailyAggregate>;

export const RankedHour = z.object({ hour: z.number().int().min(0).max(23), sessions: z.number().int().positive() });
export type RankedHour = z.infer<typeof RankedHour>;

export const RankedActivityType = z.object({ type: z.string().min(1), sessions: z.number().int().positive() });
export type RankedActivityType = z.infer<typeof RankedActivityType>;

/** A user's activity metrics (the earlier product's user_activity_metrics row), as stored and as the API returns them. */
export const ActivityMetrics = z.object({
  calculatedAt: z.iso.datetime(),
  timeZone: z.string().min(1),
  /** The 28 local days the weekly figures and the score are averaged over (4 weeks), inclusive. */
  windowStart: LocalDate,
  windowEnd: LocalDate,
  weeklyMinutes: z.number().nonnegative(),
  weeklySessions: z.number().nonnegative(),
  weeklySteps: z.number().int().nonnegative(),
  dailySteps: z.number().int().nonnegative(),
  /** 0–100: up to 40 points for minutes/week vs 150, 30 for sessions/week vs 4, 30 for steps/day vs 10,000. */
  activityScore: z.number().int().min(0).max(100),
  activityLevelLabel: ActivityLevelLabel,
  scorePoints: z.object({
    minutes: z.number().min(0).max(40),
    sessions: z.number().min(0).max(30),
    steps: z.number().min(0).max(30),
  }),
  /**
   * What the person's sources measure (activity-level.ts, measuresOf). A figure or score part not listed is "not
   * measured", never zero. Absent (metrics stored before it was kept): everything is measured.
   */
  measured: z.array(z.enum(MEASURES)).optional(),
  /** Top 3 local start hours over the last 365 days, most sessions first. */
  preferredHours: z.array(RankedHour).max(3),
  /** Top 3 activity types over the last 365 days, most sessions first. */
  topActivityTypes: z.array(RankedActivityType).max(3),
  /** Distinct local days with at least one session among the last 365. */
  daysActive: z.number().int().min(0).max(365),
  daysActivePercent: z.number().min(0).max(100),
});
export type ActivityMetrics = z.infer<typeof ActivityMetrics>;
