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

export const GoogleConnectResponse = z.object({
  connection: ConnectionSummary,
  sync: SyncResult.nullable(),
});
export type GoogleConnectResponse = z.infer<typeof GoogleConnectResponse>;
