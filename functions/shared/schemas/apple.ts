import * as z from 'zod';
import { ConnectionSummary } from './connections';

/** Largest Shortcut payload the ingest endpoint accepts (413 above it). */
export const APPLE_INGEST_MAX_BYTES = 1024 * 1024;

/**
 * POST /api/apple/ingest-token: connects Apple Health for the caller and issues a new ingest token
 * (any earlier token stops working). The token is shown once; only its hash is stored.
 */
export const AppleIngestTokenResponse = z.object({
  connection: ConnectionSummary,
  token: z.string().min(32),
  /** The public endpoint the Shortcut posts to, with `Authorization: Bearer <token>`. */
  ingestUrl: z.url(),
  /** A published TrailBuddy Shortcut to install (APPLE_SHORTCUT_URL), or null: the user builds it from the dialog's steps. */
  shortcutUrl: z.url().nullable(),
});
export type AppleIngestTokenResponse = z.infer<typeof AppleIngestTokenResponse>;

/** Workouts and step entries per request, together: a month of hourly steps fits, a runaway export does not. */
export const APPLE_INGEST_MAX_ENTRIES = 1000;

const given = (value: unknown) => value !== undefined && value !== null;

/**
 * POST /api/apple/ingest (public; the ingest token authenticates). Two envelopes:
 * - `{ health_data: ... }` — TrailBuddy's Shortcut (and every earlier format);
 * - `{ data: { metrics: [...], workouts: [...] } }` — the Health Auto Export app's REST automation body, exactly as it posts it.
 * The entries are parsed one by one by the apple ingest use case (spec Apple workout fields and the Health Auto Export
 * workout format), so the envelope here is deliberately loose. Other top-level keys (a Shortcut's metadata, a user id)
 * are ignored: the token alone says whose data it is.
 */
export const AppleIngestRequest = z
  .object({ health_data: z.unknown().optional(), data: z.unknown().optional() })
  .refine((body) => given(body.health_data) || given(body.data), {
    message:
      'health_data is required (or send Health Auto Export\'s body, {"data": {"workouts": [...], "metrics": [...]}})',
    path: ['health_data'],
  });
export type AppleIngestRequest = z.infer<typeof AppleIngestRequest>;

/** One entry the ingest did not store, with its position in its list ('workouts', or the step entries). */
export const AppleIngestEntryIssue = z.object({
  index: z.number().int().nonnegative(),
  message: z.string(),
  list: z.enum(['workouts', 'steps']).optional(),
});
export type AppleIngestEntryIssue = z.infer<typeof AppleIngestEntryIssue>;

export const AppleIngestResponse = z.object({
  /** Activities new to TrailBuddy (workouts, and days of steps). */
  accepted: z.number().int().nonnegative(),
  /** Activities already known (same id/uuid, or same day of steps), refreshed rather than duplicated. */
  duplicates: z.number().int().nonnegative(),
  /** Entries that could not be read, each with its position and why; the rest were kept. */
  rejected: z.array(AppleIngestEntryIssue),
  /** Entries read but deliberately not stored: older than the 30-day window, or a day of 1000 steps or fewer. */
  skipped: z.array(AppleIngestEntryIssue).optional(),
  /** Workouts stored without an optional figure (distance, energy, steps, heart rate, elevation) that could not be read. */
  incomplete: z.array(AppleIngestEntryIssue).optional(),
  receivedAt: z.iso.datetime(),
});
export type AppleIngestResponse = z.infer<typeof AppleIngestResponse>;
