import { z } from 'zod';
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
  /** Where the iOS Shortcut is installed from. */
  shortcutUrl: z.url(),
});
export type AppleIngestTokenResponse = z.infer<typeof AppleIngestTokenResponse>;

/**
 * POST /api/apple/ingest (public; the ingest token authenticates). The body is `{ health_data: ... }` whose
 * entries are parsed one by one by the apple ingest use case (spec Apple workout fields and the Health Auto
 * Export workout format), so the envelope here is deliberately loose.
 */
export const AppleIngestRequest = z.object({ health_data: z.unknown() }).strict();
export type AppleIngestRequest = z.infer<typeof AppleIngestRequest>;

export const AppleIngestResponse = z.object({
  /** Workouts new to TrailBuddy. */
  accepted: z.number().int().nonnegative(),
  /** Workouts already known (same id/uuid), refreshed rather than duplicated. */
  duplicates: z.number().int().nonnegative(),
  /** Entries that could not be read, each with its position and why; the rest were kept. */
  rejected: z.array(z.object({ index: z.number().int().nonnegative(), message: z.string() })),
  receivedAt: z.iso.datetime(),
});
export type AppleIngestResponse = z.infer<typeof AppleIngestResponse>;
