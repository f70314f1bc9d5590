import * as z from 'zod';
import { ConnectionSummary, SyncResult } from './connections';

/** GET /api/google/authorize-url answers with AuthorizeUrlResponse (same as Strava). */

/** POST /api/google/connect — what Google sent back to /auth/health/callback?provider=google_health. */
export const GoogleConnectRequest = z
  .object({
    code: z.string().min(1).max(2048),
    state: z.string().min(1).max(2048),
    /** Space-separated scopes Google reports as granted, if it sent them. */
    scope: z.string().max(4096).optional(),
  })
  .strict();
export type GoogleConnectRequest = z.infer<typeof GoogleConnectRequest>;

/** Fitness data asked for but not granted (plain words), and whether the activity permission is among it. */
export const GoogleNotImported = z.object({
  data: z.array(z.string()),
  message: z.string(),
  activityMissing: z.boolean(),
});
export type GoogleNotImported = z.infer<typeof GoogleNotImported>;

export const GoogleConnectResponse = z.object({
  connection: ConnectionSummary,
  sync: SyncResult.nullable(),
  /** Present when some requested fitness permission was not granted. */
  notImported: GoogleNotImported.optional(),
});
export type GoogleConnectResponse = z.infer<typeof GoogleConnectResponse>;
