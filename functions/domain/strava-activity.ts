import * as z from 'zod';
import type { UnifiedActivity } from '../shared/schemas/activity';
import { workoutActivityLevel } from '../shared/activity-level';

/**
 * The part of Strava's SummaryActivity / DetailedActivity that we read (spec §3 "Strava activity fields read",
 * plus sport_type, which Strava now prefers over the legacy `type`). Optional values may also arrive as null.
 * Unknown fields are ignored.
 */
export const StravaActivity = z
  .object({
    id: z.number().int().positive(),
    type: z.string().min(1).nullish(),
    sport_type: z.string().min(1).nullish(),
    name: z.string().nullish(),
    start_date: z.iso.datetime({ offset: true }),
    moving_time: z.number().int().nonnegative(),
    distance: z.number().nonnegative().nullish(),
    total_elevation_gain: z.number().nonnegative().nullish(),
    average_speed: z.number().nonnegative().nullish(),
    average_heartrate: z.number().positive().nullish(),
    max_heartrate: z.number().positive().nullish(),
    /** Only in DetailedActivity (GET /activities/{id}). */
    calories: z.number().nonnegative().nullish(),
    /** Only in DetailedActivity, e.g. "Garmin Forerunner 965". */
    device_name: z.string().nullish(),
    /** The uploaded file's name; Garmin Connect's sync names it garmin_ping_<n> or garmin_push_<n>. */
    external_id: z.string().nullish(),
  })
  .refine((activity) => Boolean(activity.type ?? activity.sport_type), {
    message: 'type or sport_type is required',
    path: ['type'],
  });
export type StravaActivity = z.infer<typeof StravaActivity>;

/** A provider response that does not look like a Strava activity; `fields` names what was wrong. */
export class InvalidStravaActivityError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(
      `Strava returned an activity we cannot read: ${Object.entries(fields)
        .map(([field, problem]) => `${field}: ${problem}`)
        .join('; ')}`,
    );
    this.name = 'InvalidStravaActivityError';
  }
}

export function parseStravaActivity(input: unknown): StravaActivity {
  const result = StravaActivity.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '(activity)';
    fields[field] ??= issue.message;
  }
  throw new InvalidStravaActivityError(fields);
}

export interface MapStravaActivityContext {
  userId: string;
  /** When the record came from Strava; starts its retention clock. */
  fetchedAt: Date;
}

/** Parses a Strava activity and maps it to the unified shape (spec §3); throws InvalidStravaActivityError on bad data. */
export function mapStravaActivity(input: unknown, { userId, fetchedAt }: MapStravaActivityContext): UnifiedActivity {
  const strava = parseStravaActivity(input);
  const averageSpeed = strava.average_speed ?? null;
  const averageHeartRate = strava.average_heartrate ?? null;
  return {
    user_id: userId,
    provider_type: 'strava',
    provider_activity_id: String(strava.id),
    // The refine above guarantees one of them is present.
    activity_type: (strava.type ?? strava.sport_type) as string,
    name: strava.name ?? null,
    start_time: new Date(strava.start_date).toISOString(),
    duration_seconds: strava.moving_time,
    distance_meters: strava.distance ?? null,
    calories_burned: strava.calories ?? null,
    steps: null,
    heart_rate_avg: averageHeartRate,
    heart_rate_max: strava.max_heartrate ?? null,
    activity_level: workoutActivityLevel({
      durationSeconds: strava.moving_time,
      averageSpeedMps: averageSpeed,
      averageHeartRate,
    }),
    elevation_gain_meters: strava.total_elevation_gain ?? null,
    average_speed_mps: averageSpeed,
    garmin_device: garminDevice(strava),
    fetched_at: fetchedAt.toISOString(),
  };
}

/**
 * The Garmin credit of a Strava activity. SummaryActivity (the list we import) has no device_name, so the upload's
 * external_id is what tells a Garmin Connect sync; a DetailedActivity's device_name names the model.
 */
export function garminDevice({ device_name, external_id }: Pick<StravaActivity, 'device_name' | 'external_id'>) {
  if (device_name && /^garmin\b/i.test(device_name.trim())) return device_name.trim();
  if (external_id && /^garmin_(ping|push)_/i.test(external_id)) return 'Garmin';
  return null;
}
