import { bearerToken, hashIngestToken } from '../domain/apple-ingest-token';
import { readHealthAutoExportData, readHealthData } from '../domain/apple-payload';
import { mapAppleDailySteps } from '../domain/apple-steps';
import { mapAppleWorkout } from '../domain/apple-workout';
import { refusedIngest, summarizeIngest } from '../domain/apple-ingest-summary';
import { BadRequestError, PayloadTooLargeError, TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import { logger } from '../lib/logger';
import { deleteActivitiesOfUser, upsertActivities, type ActivityToStore } from '../repositories/activities';
import { countIngestRequest, ownerOfIngestToken } from '../repositories/apple-ingest-tokens';
import { getConnection, markSynced, saveLastIngest } from '../repositories/connections';
import {
  APPLE_INGEST_MAX_ENTRIES,
  type AppleIngestEntryIssue,
  type AppleIngestRequest,
  type AppleIngestResponse,
} from '../shared/schemas/apple';
import type { AppleDeps } from './apple-deps';

export const INVALID_INGEST_TOKEN_MESSAGE =
  'The Apple Health ingest token is missing, unknown or revoked. Connect Apple Health in TrailBuddy again to get a new one.';
/** Kept raw records are for support only; long series (route, heart-rate samples) are left out, and so is anything huge. */
const MAX_RAW_CHARS = 16 * 1024;
const HOUR_MS = 60 * 60 * 1000;

export interface AppleIngestInput {
  /** The Authorization header as received. */
  authorization: string | undefined;
  body: AppleIngestRequest;
}

/** The same answer for a missing, wrong or revoked token, so a caller learns nothing about which. */
async function ownerOf(authorization: string | undefined): Promise<string> {
  const token = bearerToken(authorization);
  const owner = token === null ? null : await ownerOfIngestToken(hashIngestToken(token));
  // A token whose connection was switched off by other means must not write either.
  const connection = owner === null ? null : await getConnection(owner, 'apple_health', null);
  if (owner === null || !connection?.isActive) throw new UnauthorizedError(INVALID_INGEST_TOKEN_MESSAGE);
  return owner;
}

async function enforceRateLimit(userId: string, now: Date, perHour: number): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const windowEnd = new Date(windowStart.getTime() + HOUR_MS);
  const requests = await countIngestRequest(userId, windowStart, windowEnd);
  if (requests > perHour) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000));
    throw new TooManyRequestsError(`Rate limited. Try again in ${retryAfterSeconds} seconds`, retryAfterSeconds);
  }
}

/** The entry as kept server-side: top-level fields only up to small objects; arrays (routes, samples) dropped. */
function compactRaw(entry: unknown): string | null {
  const kept =
    typeof entry === 'object' && entry !== null && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).filter(([, value]) => !Array.isArray(value)))
      : entry;
  const text = JSON.stringify(kept);
  return text.length <= MAX_RAW_CHARS ? text : null;
}

interface Mapped {
  workouts: ActivityToStore[];
  stepDays: ActivityToStore[];
  rejected: AppleIngestEntryIssue[];
  skipped: AppleIngestEntryIssue[];
  incomplete: AppleIngestEntryIssue[];
  /** Entries that repeat an id already in this request: the later one wins. */
  repeats: number;
}

function mapEntries(workouts: readonly unknown[], steps: readonly unknown[], userId: string, receivedAt: Date): Mapped {
  const context = { userId, receivedAt };
  const byId = new Map<string, { item: ActivityToStore; list: 'workouts' | 'steps' }>();
  const rejected: AppleIngestEntryIssue[] = [];
  const skipped: AppleIngestEntryIssue[] = [];
  const incomplete: AppleIngestEntryIssue[] = [];
  let repeats = 0;
  const keep = (item: ActivityToStore, list: 'workouts' | 'steps') => {
    if (byId.has(item.activity.provider_activity_id)) repeats++;
    byId.set(item.activity.provider_activity_id, { item, list });
  };

  workouts.forEach((entry, index) => {
    const outcome = mapAppleWorkout(entry, context);
    if (outcome.kind === 'activity') {
      keep({ activity: outcome.activity, raw: compactRaw(entry) }, 'workouts');
      for (const message of outcome.unread)
        incomplete.push({ index, message: `${message}: left out`, list: 'workouts' });
    } else
      (outcome.kind === 'rejected' ? rejected : skipped).push({ index, message: outcome.message, list: 'workouts' });
  });
  const days = mapAppleDailySteps(steps, context);
  for (const activity of days.activities)
    keep({ activity, raw: JSON.stringify({ day: activity.provider_activity_id, steps: activity.steps }) }, 'steps');
  for (const issue of days.issues)
    (issue.kind === 'rejected' ? rejected : skipped).push({
      index: issue.index,
      message: issue.message,
      list: 'steps',
    });

  const kept = [...byId.values()];
  const of = (list: 'workouts' | 'steps') => kept.filter((entry) => entry.list === list).map((entry) => entry.item);
  return { workouts: of('workouts'), stepDays: of('steps'), rejected, skipped, incomplete, repeats };
}

/**
 * A disconnect that lands while an ingest is writing deletes the Apple activities, and the ingest could then write
 * some back. Checking afterwards and deleting again closes that window.
 */
async function dropIfDisconnectedMeanwhile(userId: string): Promise<void> {
  const connection = await getConnection(userId, 'apple_health', null);
  if (connection?.isActive) return;
  await deleteActivitiesOfUser(userId, 'apple_health');
  throw new UnauthorizedError(INVALID_INGEST_TOKEN_MESSAGE);
}

/**
 * POST /api/apple/ingest: the Shortcut's export, authenticated by the user's ingest token. The token alone decides
 * whose data it is; any user id in the payload is ignored. Unreadable entries are reported one by one and the rest
 * are stored, keyed on the workout id/uuid (or the day, for steps), so posting the same export again changes nothing.
 */
export async function ingestAppleHealth(
  input: AppleIngestInput,
  receivedAt: Date,
  deps: AppleDeps,
): Promise<AppleIngestResponse> {
  const userId = await ownerOf(input.authorization);
  await enforceRateLimit(userId, receivedAt, deps.ingestRequestsPerHour);

  try {
    return await storeEntries(input.body, userId, receivedAt, deps);
  } catch (error) {
    // A body refused after the token was accepted is worth showing on the card: the Shortcut's reply goes unread.
    if (error instanceof BadRequestError || error instanceof PayloadTooLargeError)
      await saveLastIngest(userId, 'apple_health', refusedIngest(receivedAt, error.message));
    throw error;
  }
}

async function storeEntries(
  body: AppleIngestRequest,
  userId: string,
  receivedAt: Date,
  deps: AppleDeps,
): Promise<AppleIngestResponse> {
  const { health_data: healthData, data } = body;
  const envelope = healthData !== undefined && healthData !== null ? 'health_data' : 'data';
  const reading = envelope === 'health_data' ? readHealthData(healthData) : readHealthAutoExportData(data);
  if (!reading.ok)
    throw new BadRequestError(reading.message, { [envelope]: reading.message }, 'unsupported_health_data');
  const { workouts, steps } = reading.lists;
  if (workouts.length + steps.length > APPLE_INGEST_MAX_ENTRIES) {
    throw new PayloadTooLargeError(
      APPLE_INGEST_MAX_ENTRIES,
      `At most ${APPLE_INGEST_MAX_ENTRIES} entries (workouts and step entries together) per request; send the rest in another request.`,
      'too_many_entries',
    );
  }

  const mapped = mapEntries(workouts, steps, userId, receivedAt);
  const workoutCounts = await upsertActivities(mapped.workouts);
  const stepDayCounts = await upsertActivities(mapped.stepDays);
  const counts = {
    imported: workoutCounts.imported + stepDayCounts.imported,
    updated: workoutCounts.updated + stepDayCounts.updated,
  };
  if (mapped.workouts.length + mapped.stepDays.length > 0) {
    await dropIfDisconnectedMeanwhile(userId);
    await markSynced(userId, 'apple_health', receivedAt);
    await recalculateMetricsSafely(userId, receivedAt, deps);
  }
  await saveLastIngest(
    userId,
    'apple_health',
    summarizeIngest({
      ...mapped,
      receivedAt,
      workouts: workoutCounts,
      stepDays: stepDayCounts,
    }),
  );
  logger.info('apple health ingest', {
    userId,
    accepted: counts.imported,
    duplicates: counts.updated + mapped.repeats,
    rejected: mapped.rejected.length,
    skipped: mapped.skipped.length,
    incomplete: mapped.incomplete.length,
  });
  return {
    accepted: counts.imported,
    duplicates: counts.updated + mapped.repeats,
    rejected: mapped.rejected,
    skipped: mapped.skipped,
    incomplete: mapped.incomplete,
    receivedAt: receivedAt.toISOString(),
  };
}

/** The activities are stored either way; metrics that failed now are recomputed on the next ingest. */
async function recalculateMetricsSafely(userId: string, now: Date, deps: AppleDeps): Promise<void> {
  try {
    await deps.recalculateMetrics(userId, now);
  } catch (error) {
    logger.error('metrics recalculation failed after an apple health ingest', {
      userId,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}
