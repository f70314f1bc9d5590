import * as z from 'zod';

/** Strava's error body: `{ message, errors: [{ resource, field, code }] }`. */
export const StravaErrorBody = z.object({
  message: z.string().optional(),
  errors: z
    .array(z.object({ resource: z.string().optional(), field: z.string().optional(), code: z.string().optional() }))
    .optional(),
});
export type StravaErrorBody = z.infer<typeof StravaErrorBody>;

export const StravaAthleteSummary = z.object({
  id: z.number().int().positive(),
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
});

/** POST /oauth/token (both grants). The athlete comes only with the code exchange. */
export const StravaTokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  /** Epoch seconds. */
  expires_at: z.number().int().positive(),
  athlete: StravaAthleteSummary.optional(),
});
export type StravaTokenResponse = z.infer<typeof StravaTokenResponse>;

/** GET /athlete/activities: an array; each element is parsed later by mapStravaActivity. */
export const StravaActivityPage = z.array(z.unknown());
