import * as z from 'zod';
import { ACTIVITY_TYPE_LABELS, type CanonicalActivityType } from '../activity-types';

const CANONICAL_TYPES = Object.keys(ACTIVITY_TYPE_LABELS) as [CanonicalActivityType, ...CanonicalActivityType[]];

/**
 * One outing read from a file on the person's own device. Only this summary leaves the device: never the route or
 * its points. Values the file does not hold are null rather than guessed.
 */
export const FileActivitySummary = z.object({
  activity_type: z.enum(CANONICAL_TYPES),
  start_time: z.iso.datetime(),
  /** Minutes east of UTC at the start, when the file says (a FIT device's local time); null when it does not. */
  utc_offset_minutes: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .nullable(),
  duration_seconds: z.number().int().nonnegative(),
  moving_seconds: z.number().int().nonnegative().nullable(),
  distance_meters: z.number().nonnegative().nullable(),
  elevation_gain_meters: z.number().nonnegative().nullable(),
  calories_burned: z.number().nonnegative().nullable(),
  heart_rate_avg: z.number().positive().nullable(),
});
export type FileActivitySummary = z.infer<typeof FileActivitySummary>;

/** A day's step count from a file (Apple Health's export), summed per local day on the device. */
export const FileDailySteps = z.object({
  date: z.iso.date(),
  steps: z.number().int().nonnegative(),
});
export type FileDailySteps = z.infer<typeof FileDailySteps>;
