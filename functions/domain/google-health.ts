import * as z from 'zod';
import type { UnifiedActivity } from '../shared/schemas/activity';
import { ACTIVITY_TYPE_LABELS, type CanonicalActivityType } from '../shared/activity-types';
import { dailyStepsActivityLevel, sessionActivityLevel } from '../shared/activity-level';
import { localDateOf, localMidnightMs } from './google-health-time';

/*
 * What the Google Health API v4 sends, read from its discovery document (googleapis/google-api-go-client,
 * health/v4/health-api.json, revision 20260527, read 2026-11-28):
 * - users.dataTypes.dataPoints.list answers ListDataPointsResponse { dataPoints: DataPoint[], nextPageToken }; an
 *   exercise is DataPoint.exercise (Exercise): interval (SessionTimeInterval: startTime, endTime as RFC 3339,
 *   civilStartTime), exerciseType (an enum), displayName, activeDuration ("google-duration": seconds with an "s"),
 *   metricsSummary (MetricsSummary: distanceMillimeters, caloriesKcal, elevationGainMillimeters and
 *   averageSpeedMillimetersPerSecond as doubles; steps and averageHeartRateBeatsPerMinute as int64).
 * - DataPoint.name is users/{user}/dataTypes/exercise/dataPoints/{id}; the id is the exercise's.
 * - users.dataTypes.dataPoints.dailyRollUp answers { rollupDataPoints: DailyRollupDataPoint[] }, each with
 *   civilStartTime / civilEndTime (CivilDateTime: date {year, month, day}, time) and steps.countSum (int64).
 * - Every int64 is a JSON string (the discovery document types them "string", format "int64").
 * Assumed where the reference is silent: a roll-up may leave out a day without data (read as 0 steps); an exercise
 * without activeDuration lasted its interval.
 */

/** int64 values arrive as decimal strings (a number is read too). */
const Int64 = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** "google-duration": decimal seconds with an 's' suffix ("2700s", "1.5s"). */
const Duration = z
  .string()
  .regex(/^-?\d+(\.\d+)?s$/)
  .transform((text) => Number(text.slice(0, -1)));

const Timestamp = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'must be an RFC 3339 timestamp');

const CivilDate = z.object({ year: z.number().int(), month: z.number().int(), day: z.number().int() });
const CivilDateTime = z.object({ date: CivilDate });

/** The exercise types of the reference's Exercise.exerciseType enum, in our one vocabulary (shared/activity-types.ts). */
const ACTIVITY_TYPE_BY_EXERCISE: Readonly<Record<string, CanonicalActivityType>> = {
  RUNNING: 'run',
  WALKING: 'walk',
  BIKING: 'ride',
  SWIMMING: 'swim',
  HIKING: 'hike',
  YOGA: 'yoga',
  PILATES: 'yoga',
  WEIGHTLIFTING: 'strength',
  STRENGTH_TRAINING: 'strength',
  HIIT: 'workout',
  WORKOUT: 'workout',
  OTHER: 'workout',
};

/** An exercise type Google adds later, or EXERCISE_TYPE_UNSPECIFIED, is a workout. */
export function googleActivityType(exerciseType: string): CanonicalActivityType {
  return ACTIVITY_TYPE_BY_EXERCISE[exerciseType] ?? 'workout';
}

/** Spec §5: a daily step summary is an activity only above this many steps. */
export const DAILY_STEPS_ACTIVITY_THRESHOLD = 1000;

const MetricsSummary = z.object({
  distanceMillimeters: z.number().nonnegative().optional(),
  caloriesKcal: z.number().nonnegative().optional(),
  elevationGainMillimeters: z.number().optional(),
  averageSpeedMillimetersPerSecond: z.number().nonnegative().optional(),
  steps: Int64.optional(),
  averageHeartRateBeatsPerMinute: Int64.optional(),
});

/** A DataPoint of the `exercise` collection (only the fields read; unknown ones are ignored). */
export const ExerciseDataPoint = z.object({
  name: z.string().regex(/^users\/[^/]+\/dataTypes\/exercise\/dataPoints\/[^/]+$/),
  exercise: z.object({
    interval: z.object({ startTime: Timestamp, endTime: Timestamp }),
    exerciseType: z.string().min(1),
    displayName: z.string().nullish(),
    activeDuration: Duration.optional(),
    metricsSummary: MetricsSummary.default({}),
  }),
});
export type ExerciseDataPoint = z.infer<typeof ExerciseDataPoint>;

/** ListDataPointsResponse. Items stay unknown here: one unreadable exercise must not sink the page. */
export const ListDataPointsResponse = z.object({
  dataPoints: z.array(z.unknown()).default([]),
  nextPageToken: z.string().optional(),
});

/** A DailyRollupDataPoint of the `steps` data type. */
export const StepsRollup = z.object({
  civilStartTime: CivilDateTime,
  steps: z.object({ countSum: Int64.default(0) }).default({ countSum: 0 }),
});
export type StepsRollup = z.infer<typeof StepsRollup>;
export const DailyRollUpResponse = z.object({ rollupDataPoints: z.array(StepsRollup).default([]) });

/** Users.getIdentity: the person's id in the Google Health API. */
export const HealthIdentity = z.object({ healthUserId: z.string().min(1).max(63) });

// ---- civil dates -------------------------------------------------------------------------------

/** 'YYYY-MM-DD' as the API's Date object. */
export function civilDate(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function dateText({ year, month, day }: { year: number; month: number; day: number }): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The list filter for exercises starting on local dates [startDate, endDate) (the reference's civil start time filter). */
export function exerciseFilter(startDate: string, endDate: string): string {
  return `exercise.interval.civil_start_time >= "${startDate}" AND exercise.interval.civil_start_time < "${endDate}"`;
}

// ---- days --------------------------------------------------------------------------------------

export interface StepDay {
  date: string;
  steps: number;
}

/** Roll-up windows of one day to step days (days without steps are left out). */
export function readStepDays(rollups: readonly StepsRollup[]): StepDay[] {
  const byDate = new Map<string, number>();
  for (const rollup of rollups) {
    const date = dateText(rollup.civilStartTime.date);
    byDate.set(date, (byDate.get(date) ?? 0) + Math.max(0, Math.round(rollup.steps.countSum)));
  }
  return [...byDate.entries()].filter(([, steps]) => steps > 0).map(([date, steps]) => ({ date, steps }));
}

// ---- activities --------------------------------------------------------------------------------

export interface HealthMappingContext {
  userId: string;
  /** When the data came from Google; starts its 7-day retention clock. */
  fetchedAt: Date;
  /** The zone whose local days the roll-ups stand for. */
  timeZone: string;
}

export class InvalidExerciseError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(
      `Google Health returned an exercise we cannot read: ${Object.entries(fields)
        .map(([f, p]) => `${f}: ${p}`)
        .join('; ')}`,
    );
    this.name = 'InvalidExerciseError';
  }
}

export function parseExercise(input: unknown): ExerciseDataPoint {
  const result = ExerciseDataPoint.safeParse(input);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join('.') || '(data point)'] ??= issue.message;
    throw new InvalidExerciseError(fields);
  }
  const { startTime, endTime } = result.data.exercise.interval;
  if (Date.parse(endTime) <= Date.parse(startTime))
    throw new InvalidExerciseError({ 'exercise.interval.endTime': 'must be after startTime' });
  return result.data;
}

/** An unnamed exercise's name: the type's label ("Strength workout" reads better as a title than "Strength"). */
const TYPE_LABEL: Readonly<Record<CanonicalActivityType, string>> = {
  ...ACTIVITY_TYPE_LABELS,
  strength: 'Strength workout',
};

/** The exercise's id: the last segment of its data point name. */
export function exerciseId(dataPointName: string): string {
  return dataPointName.slice(dataPointName.lastIndexOf('/') + 1);
}

export const exerciseActivityId = (id: string) => `exercise:${id}`;
export const dayActivityId = (date: string) => `day:${date}`;

const positiveOrNull = (value: number | undefined, scale = 1): number | null =>
  value !== undefined && Number.isFinite(value) && value > 0 ? Math.round((value / scale) * 10) / 10 : null;

/** An exercise as a unified activity: type into our vocabulary, duration from activeDuration, totals from metricsSummary. */
export function mapExercise(
  input: unknown,
  { userId, fetchedAt }: Omit<HealthMappingContext, 'timeZone'>,
): UnifiedActivity {
  const point = parseExercise(input);
  const { exercise } = point;
  const type = googleActivityType(exercise.exerciseType);
  const startMs = Date.parse(exercise.interval.startTime);
  const durationSeconds = Math.round(
    exercise.activeDuration ?? (Date.parse(exercise.interval.endTime) - startMs) / 1000,
  );
  const metrics = exercise.metricsSummary;
  const speed = metrics.averageSpeedMillimetersPerSecond;
  return {
    user_id: userId,
    provider_type: 'google_health',
    provider_activity_id: exerciseActivityId(exerciseId(point.name)),
    activity_type: type,
    name: exercise.displayName?.trim() || TYPE_LABEL[type],
    start_time: new Date(startMs).toISOString(),
    duration_seconds: durationSeconds,
    distance_meters: positiveOrNull(metrics.distanceMillimeters, 1000),
    calories_burned: positiveOrNull(metrics.caloriesKcal),
    steps: metrics.steps !== undefined && metrics.steps > 0 ? metrics.steps : null,
    heart_rate_avg:
      metrics.averageHeartRateBeatsPerMinute !== undefined && metrics.averageHeartRateBeatsPerMinute > 0
        ? metrics.averageHeartRateBeatsPerMinute
        : null,
    heart_rate_max: null,
    activity_level: sessionActivityLevel(durationSeconds),
    elevation_gain_meters: positiveOrNull(metrics.elevationGainMillimeters, 1000),
    average_speed_mps: speed !== undefined && speed > 0 ? Math.round(speed / 10) / 100 : null,
    fetched_at: fetchedAt.toISOString(),
  };
}

/**
 * Spec §5: a day's step total becomes an activity only above 1000 steps and only on a day without a workout. Its
 * level comes from the steps (spec §9). A roll-up says nothing of when the steps were taken: it starts at the local
 * midnight and lasts 0 seconds.
 */
export function dailyStepsActivity(
  day: StepDay,
  workoutDates: ReadonlySet<string>,
  { userId, fetchedAt, timeZone }: HealthMappingContext,
): UnifiedActivity | null {
  if (day.steps <= DAILY_STEPS_ACTIVITY_THRESHOLD || workoutDates.has(day.date)) return null;
  return {
    user_id: userId,
    provider_type: 'google_health',
    provider_activity_id: dayActivityId(day.date),
    activity_type: 'walk',
    name: 'Daily steps',
    start_time: new Date(localMidnightMs(day.date, timeZone)).toISOString(),
    duration_seconds: 0,
    distance_meters: null,
    calories_burned: null,
    steps: day.steps,
    heart_rate_avg: null,
    heart_rate_max: null,
    activity_level: dailyStepsActivityLevel(day.steps),
    elevation_gain_meters: null,
    average_speed_mps: null,
    fetched_at: fetchedAt.toISOString(),
  };
}

/** What one read of a window holds: exercise data points (raw, each parsed on its own) and the steps roll-up. */
export type HealthItem = { kind: 'exercise'; point: unknown } | { kind: 'steps'; rollups: StepsRollup[] };

export interface HealthActivities {
  /** Each with the provider record it came from (kept server-side only). */
  activities: { activity: UnifiedActivity; raw: unknown }[];
  /** Exercises that could not be read, with what was wrong. */
  skipped: Record<string, string>[];
}

/** Everything one window read from Google Health (exercises + daily steps) as unified activities. */
export function healthActivities(items: readonly HealthItem[], context: HealthMappingContext): HealthActivities {
  const activities: HealthActivities['activities'] = [];
  const skipped: Record<string, string>[] = [];
  const workoutDates = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'exercise') continue;
    try {
      const activity = mapExercise(item.point, context);
      activities.push({ activity, raw: item.point });
      workoutDates.add(localDateOf(Date.parse(activity.start_time), context.timeZone));
    } catch (error) {
      if (!(error instanceof InvalidExerciseError)) throw error;
      skipped.push(error.fields);
    }
  }
  const rollups = items.flatMap((item) => (item.kind === 'steps' ? item.rollups : []));
  for (const day of readStepDays(rollups)) {
    const activity = dailyStepsActivity(day, workoutDates, context);
    if (activity) activities.push({ activity, raw: { date: day.date, steps: { countSum: String(day.steps) } } });
  }
  return { activities, skipped };
}
