import * as z from 'zod';
import type { UnifiedActivity } from '../shared/schemas/activity';
import { dailyStepsActivityLevel, sessionActivityLevel } from '../shared/activity-level';
import { bucketDate, localDateOf } from './google-fit-time';

/** The Fitness API data types TrailBuddy aggregates by day (spec §7), and what Google aggregates them into. */
export const FIT_DATA_TYPES = {
  steps: 'com.google.step_count.delta',
  calories: 'com.google.calories.expended',
  distance: 'com.google.distance.delta',
  heartRate: 'com.google.heart_rate.bpm',
} as const;
export type FitDataKind = keyof typeof FIT_DATA_TYPES;
const HEART_RATE_SUMMARY = 'com.google.heart_rate.summary';

/** Spec §9: Google activity type codes. Anything not listed is a 'workout'. */
const ACTIVITY_TYPE_BY_CODE: Readonly<Record<number, string>> = {
  7: 'walking',
  8: 'running',
  1: 'cycling',
  72: 'gym',
  109: 'swimming',
  112: 'hiking',
};

export function googleActivityType(code: number): string {
  return ACTIVITY_TYPE_BY_CODE[code] ?? 'workout';
}

/** Spec §5: a daily step summary is an activity only above this many steps. */
export const DAILY_STEPS_ACTIVITY_THRESHOLD = 1000;

// ---- what Google sends (only the fields read; unknown ones are ignored) --------------------------

/** int64 values arrive as JSON numbers or as decimal strings. */
const Int64 = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** Nanosecond times exceed a double's exact range: read them as whole milliseconds. */
const NanosAsMs = z.union([
  z.number().transform((nanos) => Math.floor(nanos / 1_000_000)),
  z
    .string()
    .regex(/^\d+$/)
    .transform((nanos) => (nanos.length > 6 ? Number(nanos.slice(0, -6)) : 0)),
]);

const FitValue = z.object({ intVal: z.number().optional(), fpVal: z.number().optional() });
const FitPoint = z.object({
  startTimeNanos: NanosAsMs.optional(),
  endTimeNanos: NanosAsMs.optional(),
  dataTypeName: z.string().optional(),
  value: z.array(FitValue).default([]),
});
const FitDataset = z.object({ dataSourceId: z.string().optional(), point: z.array(FitPoint).default([]) });
export const FitBucket = z.object({
  startTimeMillis: Int64,
  endTimeMillis: Int64,
  dataset: z.array(FitDataset).default([]),
});
export type FitBucket = z.infer<typeof FitBucket>;
export const FitAggregateResponse = z.object({ bucket: z.array(FitBucket).default([]) });

/** users.sessions resource. */
export const FitSession = z.object({
  id: z.string().min(1),
  name: z.string().nullish(),
  activityType: z.number().int(),
  startTimeMillis: Int64,
  endTimeMillis: Int64,
  application: z.object({ packageName: z.string().nullish(), name: z.string().nullish() }).nullish(),
});
export type FitSession = z.infer<typeof FitSession>;
/** Items stay unknown here: one unreadable session must not sink the rest (each is parsed on its own). */
export const FitSessionsResponse = z.object({ session: z.array(z.unknown()).default([]) });

// ---- days --------------------------------------------------------------------------------------

/** One local day of Google Fit totals (spec "Google Fit derived activity" before it becomes one). */
export interface FitDay {
  date: string;
  /** When the day's first step was recorded, else when the day's bucket began (epoch ms). */
  startMs: number;
  steps: number;
  calories: number;
  distanceMeters: number;
  heartRateAvg: number | null;
  heartRateMax: number | null;
}

const positive = (value: number | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/** Which measurement a dataset holds, from its points' type or its data source id. */
function kindOf(dataset: z.infer<typeof FitDataset>): FitDataKind | null {
  const names = [...dataset.point.map((p) => p.dataTypeName ?? ''), dataset.dataSourceId ?? ''];
  if (names.some((n) => n.includes(FIT_DATA_TYPES.steps))) return 'steps';
  if (names.some((n) => n.includes(FIT_DATA_TYPES.calories))) return 'calories';
  if (names.some((n) => n.includes(FIT_DATA_TYPES.distance))) return 'distance';
  if (names.some((n) => n.includes(HEART_RATE_SUMMARY) || n.includes(FIT_DATA_TYPES.heartRate))) return 'heartRate';
  return null;
}

/**
 * Daily buckets (bucketByTime 1 day, starting at a local midnight) to days. Spec §5: a day is kept only when its
 * steps or calories are above 0. Buckets are read by their measurement, not their position.
 */
export function readFitDays(buckets: readonly FitBucket[], timeZone: string): FitDay[] {
  const days: FitDay[] = [];
  for (const bucket of buckets) {
    const day: FitDay = {
      date: bucketDate(bucket.startTimeMillis, timeZone),
      startMs: bucket.startTimeMillis,
      steps: 0,
      calories: 0,
      distanceMeters: 0,
      heartRateAvg: null,
      heartRateMax: null,
    };
    let firstStepMs: number | undefined;
    const averages: number[] = [];
    for (const dataset of bucket.dataset) {
      const kind = kindOf(dataset);
      for (const point of dataset.point) {
        const [first, second] = point.value;
        if (kind === 'steps') {
          const steps = positive(first?.intVal ?? first?.fpVal);
          day.steps += steps;
          const startMs = point.startTimeNanos;
          if (steps > 0 && startMs !== undefined && (firstStepMs === undefined || startMs < firstStepMs))
            firstStepMs = startMs;
        } else if (kind === 'calories') day.calories += positive(first?.fpVal ?? first?.intVal);
        else if (kind === 'distance') day.distanceMeters += positive(first?.fpVal ?? first?.intVal);
        else if (kind === 'heartRate') {
          // The summary holds average, max, min; a raw bpm point holds one reading.
          const average = positive(first?.fpVal);
          const max = positive(second?.fpVal ?? first?.fpVal);
          if (average > 0) averages.push(average);
          if (max > 0) day.heartRateMax = Math.max(day.heartRateMax ?? 0, max);
        }
      }
    }
    if (averages.length > 0) day.heartRateAvg = round1(averages.reduce((sum, v) => sum + v, 0) / averages.length);
    day.steps = Math.round(day.steps);
    day.calories = round1(day.calories);
    day.distanceMeters = round1(day.distanceMeters);
    if (firstStepMs !== undefined && firstStepMs >= bucket.startTimeMillis && firstStepMs < bucket.endTimeMillis)
      day.startMs = firstStepMs;
    if (day.steps > 0 || day.calories > 0) days.push(day);
  }
  return days;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

// ---- activities --------------------------------------------------------------------------------

export interface FitMappingContext {
  userId: string;
  /** When the data came from Google; starts its 7-day retention clock. */
  fetchedAt: Date;
  /** The zone whose local days the buckets stand for. */
  timeZone: string;
}

export class InvalidFitSessionError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(
      `Google Fit returned a session we cannot read: ${Object.entries(fields)
        .map(([f, p]) => `${f}: ${p}`)
        .join('; ')}`,
    );
    this.name = 'InvalidFitSessionError';
  }
}

export function parseFitSession(input: unknown): FitSession {
  const result = FitSession.safeParse(input);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join('.') || '(session)'] ??= issue.message;
    throw new InvalidFitSessionError(fields);
  }
  if (result.data.endTimeMillis <= result.data.startTimeMillis)
    throw new InvalidFitSessionError({ endTimeMillis: 'must be after startTimeMillis' });
  return result.data;
}

const TYPE_LABEL: Readonly<Record<string, string>> = {
  walking: 'Walk',
  running: 'Run',
  cycling: 'Ride',
  gym: 'Gym workout',
  swimming: 'Swim',
  hiking: 'Hike',
  workout: 'Workout',
};

export const sessionActivityId = (sessionId: string) => `session:${sessionId}`;
export const dayActivityId = (date: string) => `day:${date}`;

/** A Fit session as a unified activity: type by code, level by duration (spec §9). Google gives no totals per session. */
export function mapFitSession(
  input: unknown,
  { userId, fetchedAt }: Omit<FitMappingContext, 'timeZone'>,
): UnifiedActivity {
  const session = parseFitSession(input);
  const type = googleActivityType(session.activityType);
  const durationSeconds = Math.round((session.endTimeMillis - session.startTimeMillis) / 1000);
  return {
    user_id: userId,
    provider_type: 'google_health',
    provider_activity_id: sessionActivityId(session.id),
    activity_type: type,
    name: session.name?.trim() || (TYPE_LABEL[type] as string),
    start_time: new Date(session.startTimeMillis).toISOString(),
    duration_seconds: durationSeconds,
    distance_meters: null,
    calories_burned: null,
    steps: null,
    heart_rate_avg: null,
    heart_rate_max: null,
    activity_level: sessionActivityLevel(durationSeconds),
    elevation_gain_meters: null,
    average_speed_mps: null,
    fetched_at: fetchedAt.toISOString(),
  };
}

/**
 * Spec §5: a day's step summary becomes an activity only above 1000 steps and only on a day without a workout.
 * Its level comes from the steps (spec §9). Google does not say how long the steps took, so the duration is 0.
 */
export function dailyStepsActivity(
  day: FitDay,
  workoutDates: ReadonlySet<string>,
  { userId, fetchedAt }: Omit<FitMappingContext, 'timeZone'>,
): UnifiedActivity | null {
  if (day.steps <= DAILY_STEPS_ACTIVITY_THRESHOLD || workoutDates.has(day.date)) return null;
  return {
    user_id: userId,
    provider_type: 'google_health',
    provider_activity_id: dayActivityId(day.date),
    activity_type: 'walking',
    name: 'Daily steps',
    start_time: new Date(day.startMs).toISOString(),
    duration_seconds: 0,
    distance_meters: day.distanceMeters > 0 ? day.distanceMeters : null,
    calories_burned: day.calories > 0 ? day.calories : null,
    steps: day.steps,
    heart_rate_avg: day.heartRateAvg,
    heart_rate_max: day.heartRateMax,
    activity_level: dailyStepsActivityLevel(day.steps),
    elevation_gain_meters: null,
    average_speed_mps: null,
    fetched_at: fetchedAt.toISOString(),
  };
}

export interface FitActivities {
  /** Each with the provider record it came from (kept server-side only). */
  activities: { activity: UnifiedActivity; raw: unknown }[];
  /** Sessions that could not be read, with what was wrong. */
  skipped: Record<string, string>[];
}

/** Everything one sync read from Google Fit (daily buckets + sessions) as unified activities. */
export function fitActivities(
  input: { buckets: readonly FitBucket[]; sessions: readonly unknown[] },
  context: FitMappingContext,
): FitActivities {
  const activities: FitActivities['activities'] = [];
  const skipped: Record<string, string>[] = [];
  const workoutDates = new Set<string>();
  for (const raw of input.sessions) {
    try {
      const activity = mapFitSession(raw, context);
      activities.push({ activity, raw });
      workoutDates.add(localDateOf(Date.parse(activity.start_time), context.timeZone));
    } catch (error) {
      if (!(error instanceof InvalidFitSessionError)) throw error;
      skipped.push(error.fields);
    }
  }
  for (const day of readFitDays(input.buckets, context.timeZone)) {
    const activity = dailyStepsActivity(day, workoutDates, context);
    if (activity)
      activities.push({
        activity,
        raw: input.buckets.find((b) => b.startTimeMillis <= day.startMs && day.startMs < b.endTimeMillis),
      });
  }
  return { activities, skipped };
}
