import * as z from 'zod';
import { ACTIVITY_TYPE_LABELS, type CanonicalActivityType } from '../activity-types';

/** A month: longer than any one recorded outing (multi-day expeditions included). */
const MAX_OUTING_SECONDS = 31 * 86_400;

const CANONICAL_TYPES = Object.keys(ACTIVITY_TYPE_LABELS) as [CanonicalActivityType, ...CanonicalActivityType[]];

/**
 * A measured value as stored: bounded by what an outing can be, and rounded to hundredths. DynamoDB refuses a number
 * whose magnitude is below 1E-130 or above 9.99E+125 ("Number underflow/overflow", 2026-11-29 DynamoDB data types
 * docs), which JSON allows (5e-324); rounding turns such a crumb into 0 rather than a 500.
 */
const measure = (max: number) =>
  z
    .number()
    .nonnegative()
    .max(max)
    .transform((value) => Math.round(value * 100) / 100);

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
  duration_seconds: z.number().int().nonnegative().max(MAX_OUTING_SECONDS),
  moving_seconds: z.number().int().nonnegative().max(MAX_OUTING_SECONDS).nullable(),
  /** Bounds well past any human outing (a 40,000 km year of riding is not one outing): they only keep garbage out. */
  distance_meters: measure(10_000_000).nullable(),
  elevation_gain_meters: measure(100_000).nullable(),
  calories_burned: measure(200_000).nullable(),
  heart_rate_avg: measure(300)
    .refine((bpm) => bpm > 0, 'A heart rate is above 0.')
    .nullable(),
});
export type FileActivitySummary = z.infer<typeof FileActivitySummary>;

/** A day's step count from a file (Apple Health's export), summed per local day on the device. */
export const FileDailySteps = z.object({
  date: z.iso.date(),
  steps: z.number().int().nonnegative(),
});
export type FileDailySteps = z.infer<typeof FileDailySteps>;

/** The kinds of upload the device reads; the list of imports names each by this. */
export const FILE_IMPORT_KINDS = ['gpx', 'tcx', 'fit', 'strava_archive', 'garmin_archive', 'apple_export'] as const;
export const FileImportKind = z.enum(FILE_IMPORT_KINDS);
export type FileImportKind = z.infer<typeof FileImportKind>;

/** A request carries at most this many summaries (activities and step days each): a few hundred, well under 1 MB. */
export const FILE_IMPORT_BATCH_MAX = 500;

/**
 * One request of an import (one picked file or archive). The device chooses `import_id` once per upload and numbers
 * its batches, so a retried batch changes nothing and a dropped connection can resume where it stopped.
 */
export const FileImportBatch = z.object({
  import_id: z.uuid(),
  batch_index: z.number().int().min(0).max(10_000),
  /** The picked file's name, as the person knows it ("export.zip"). */
  file_name: z.string().trim().min(1).max(200),
  kind: FileImportKind,
  activities: z.array(FileActivitySummary).max(FILE_IMPORT_BATCH_MAX),
  daily_steps: z.array(FileDailySteps).max(FILE_IMPORT_BATCH_MAX),
});
export type FileImportBatch = z.infer<typeof FileImportBatch>;

/** What one batch did: `new` outings stored, `already_here` matched one the person has (from a file or a provider). */
export const FileImportBatchResult = z.object({
  import_id: z.uuid(),
  new: z.number().int().nonnegative(),
  already_here: z.number().int().nonnegative(),
  step_days: z.number().int().nonnegative(),
});
export type FileImportBatchResult = z.infer<typeof FileImportBatchResult>;

/** One import in the person's list, newest first. */
export const FileImportSummary = z.object({
  import_id: z.uuid(),
  file_name: z.string(),
  kind: FileImportKind,
  imported_at: z.iso.datetime(),
  activity_count: z.number().int().nonnegative(),
  step_days: z.number().int().nonnegative(),
});
export type FileImportSummary = z.infer<typeof FileImportSummary>;

export const FileImportList = z.object({ imports: z.array(FileImportSummary) });
export type FileImportList = z.infer<typeof FileImportList>;
