import * as z from 'zod';

export const PROVIDER_TYPES = ['strava', 'google_health', 'apple_health'] as const;
export const ProviderType = z.enum(PROVIDER_TYPES);
export type ProviderType = z.infer<typeof ProviderType>;

/** Spec §9 classification, lowest to highest. */
export const ACTIVITY_LEVELS = ['light', 'moderate', 'active', 'very_active'] as const;
export const ActivityLevel = z.enum(ACTIVITY_LEVELS);
export type ActivityLevel = z.infer<typeof ActivityLevel>;

/**
 * One workout from any provider, as the API returns it (spec §3 "unified activity"; field names as in the spec).
 * Values a provider may not supply are null rather than guessed. The provider's raw record is stored
 * server-side but never crosses the wire, so it is not part of this schema.
 */
export const UnifiedActivity = z.object({
  user_id: z.string().min(1),
  provider_type: ProviderType,
  provider_activity_id: z.string().min(1),
  activity_type: z.string().min(1),
  name: z.string().nullable(),
  start_time: z.iso.datetime(),
  duration_seconds: z.number().int().nonnegative(),
  distance_meters: z.number().nonnegative().nullable(),
  calories_burned: z.number().nonnegative().nullable(),
  steps: z.number().int().nonnegative().nullable(),
  heart_rate_avg: z.number().positive().nullable(),
  heart_rate_max: z.number().positive().nullable(),
  activity_level: ActivityLevel,
  elevation_gain_meters: z.number().nonnegative().nullable(),
  average_speed_mps: z.number().nonnegative().nullable(),
  /**
   * The Garmin device credit Strava's brand guidelines ask for: the model ("Garmin Forerunner 965") when the
   * provider names it, "Garmin" when only the upload shows a Garmin origin, null otherwise. Absent on items stored
   * before it existed, which means unknown (no credit shown).
   */
  garmin_device: z.string().min(1).nullable().optional(),
  /** When the provider last gave us this record; the 7-day retention clock runs from here. */
  fetched_at: z.iso.datetime(),
});
export type UnifiedActivity = z.infer<typeof UnifiedActivity>;
