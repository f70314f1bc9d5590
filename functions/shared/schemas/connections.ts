import * as z from 'zod';
import { ProviderType, UnifiedActivity } from './activity';
import { ImportJob } from './import-jobs';

/** Most problems a last-ingest summary keeps; the count of all of them is kept beside. */
export const LAST_INGEST_MAX_PROBLEMS = 10;

/** One entry of an Apple Health ingest that was refused, or kept without a figure that could not be read. */
export const IngestProblem = z.object({
  list: z.enum(['workouts', 'steps']),
  /** Position in its list, from 0. */
  index: z.number().int().nonnegative(),
  /** refused: the entry was not stored; incomplete: stored without the field. */
  kind: z.enum(['refused', 'incomplete']),
  /** The field the problem is about, when the message names one ('totalEnergyBurned.doubleValue'). */
  field: z.string().max(80).nullable(),
  message: z.string().max(200),
});
export type IngestProblem = z.infer<typeof IngestProblem>;

/** What the last push (Apple Health's Shortcut) brought: counts and a few problems, never the payload itself. */
export const LastIngest = z.object({
  receivedAt: z.iso.datetime(),
  /** The whole body was refused (unreadable envelope, too many entries): nothing was stored. */
  refused: z.string().max(200).nullable(),
  accepted: z.object({ workouts: z.number().int().nonnegative(), stepDays: z.number().int().nonnegative() }),
  skipped: z.object({
    /** Already received before (same id, or same day of steps): refreshed, not added again. */
    duplicates: z.number().int().nonnegative(),
    /** Read but deliberately not stored: older than the sync window, or a day with few steps. */
    notKept: z.number().int().nonnegative(),
  }),
  problemCount: z.number().int().nonnegative(),
  problems: z.array(IngestProblem).max(LAST_INGEST_MAX_PROBLEMS),
});
export type LastIngest = z.infer<typeof LastIngest>;

/** A health connection as the browser sees it: never tokens, never the raw provider profile. */
export const ConnectionSummary = z.object({
  provider: ProviderType,
  isActive: z.boolean(),
  /** Strava: the athlete's first and last name (spec: identity line). */
  athleteFirstName: z.string().nullable(),
  athleteLastName: z.string().nullable(),
  /** First 8 characters of the provider user id, for the 'User ID:' identity line. */
  providerUserIdPrefix: z.string().nullable(),
  scopes: z.array(z.string()),
  connectedAt: z.iso.datetime(),
  lastSyncAt: z.iso.datetime().nullable(),
  /** Push sources (Apple Health): what the last ingest brought; absent or null before the first. */
  lastIngest: LastIngest.nullable().optional(),
});
export type ConnectionSummary = z.infer<typeof ConnectionSummary>;

export const ConnectionsResponse = z.object({ connections: z.array(ConnectionSummary) });
export type ConnectionsResponse = z.infer<typeof ConnectionsResponse>;

/** GET /api/strava/authorize-url */
export const AuthorizeUrlResponse = z.object({ url: z.url() });
export type AuthorizeUrlResponse = z.infer<typeof AuthorizeUrlResponse>;

/** POST /api/strava/connect — what the /auth/strava/callback screen received from Strava. */
export const StravaConnectRequest = z
  .object({
    code: z.string().min(1).max(512),
    state: z.string().min(1).max(2048),
    scope: z.string().max(512).optional(),
  })
  .strict();
export type StravaConnectRequest = z.infer<typeof StravaConnectRequest>;

export const SyncResult = z.object({
  provider: ProviderType,
  /** Activities new to TrailBuddy in this sync. */
  imported: z.number().int().nonnegative(),
  /** Activities already known and refreshed. */
  updated: z.number().int().nonnegative(),
  lastSyncAt: z.iso.datetime(),
  /** false: the import stopped at its time budget, saved where it stopped, and continues from there on the next sync. */
  complete: z.boolean().optional(),
});
export type SyncResult = z.infer<typeof SyncResult>;

export const StravaConnectResponse = z.object({ connection: ConnectionSummary, sync: SyncResult.nullable() });
export type StravaConnectResponse = z.infer<typeof StravaConnectResponse>;

export const SYNC_REQUEST_STATUSES = ['pending', 'completed', 'failed'] as const;
export const SyncRequest = z.object({
  id: z.string(),
  request_type: z.literal('activities_sync'),
  status: z.enum(SYNC_REQUEST_STATUSES),
  requested_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
  error_message: z.string().nullable(),
});
export type SyncRequest = z.infer<typeof SyncRequest>;

/**
 * POST /api/connections/{provider}/sync: a background import job was queued (202; or the one already running is
 * returned), a sync ran (Apple Health: push only, the last push), or (manual_sync_only) a request was filed.
 */
export const SyncResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('queued'), job: ImportJob }),
  z.object({ kind: z.literal('synced'), result: SyncResult }),
  z.object({ kind: z.literal('requested'), request: SyncRequest }),
]);
export type SyncResponse = z.infer<typeof SyncResponse>;

/** GET /api/strava/usage — the API-request indicator (spec §2), refreshed every 5 s. */
export const StravaUsageResponse = z.object({
  rateLimited: z.boolean(),
  remainingFifteenMin: z.number().int().nonnegative(),
  remainingDaily: z.number().int().nonnegative(),
  /** Minutes until the 15-minute window resets. */
  minutesLeft: z.number().int().nonnegative(),
  /** Ready-to-show text, e.g. 'Rate limited - try again in 12 minutes'. */
  message: z.string(),
});
export type StravaUsageResponse = z.infer<typeof StravaUsageResponse>;

export const ACTIVITY_SORTS = ['date', 'distance', 'duration', 'elevation'] as const;

/** GET /api/activities — the user's unified activities, newest first by default, 50 a page. */
export const ActivitiesQuery = z
  .object({
    type: z.enum(['all', 'run', 'ride', 'hike', 'walk', 'swim']).default('all'),
    sort: z.enum(ACTIVITY_SORTS).default('date'),
    order: z.enum(['desc', 'asc']).default('desc'),
    cursor: z.string().max(1024).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(50),
  })
  .strict();
export type ActivitiesQuery = z.infer<typeof ActivitiesQuery>;

export const ActivitiesResponse = z.object({
  activities: z.array(UnifiedActivity),
  nextCursor: z.string().nullable(),
});
export type ActivitiesResponse = z.infer<typeof ActivitiesResponse>;
