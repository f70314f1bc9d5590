import * as z from 'zod';
import { StravaAuthError } from '../adapters/strava/errors';
import { stravaWebhookCallsPerAthlete } from '../lib/config';
import { safeEqual } from '../lib/crypto';
import { ForbiddenError } from '../lib/errors';
import { logger } from '../lib/logger';
import { deleteActivity } from '../repositories/activities';
import { findUsersByStravaAthlete, getConnection } from '../repositories/connections';
import { endConnection } from './end-connection';
import { withStravaAccess } from './strava-access';
import type { StravaDeps } from './strava-deps';
import { enqueueImport, type ImportMessage } from '../lib/import-queue';
import { claimWebhookMessage, releaseWebhookMessage, takeWebhookCall } from '../repositories/strava-webhook-budget';
import { ConnectionEndedError } from '../repositories/connection-fence';
import { startImportJob } from './import-jobs/jobs';
import { forgetProviderMetrics } from './metrics';
import { recalculateMetricsSafely } from './strava-sync';

/** Strava's subscription check: GET with hub.mode, hub.verify_token, hub.challenge. */
export const WebhookVerificationQuery = z.object({
  'hub.mode': z.string().max(64),
  'hub.verify_token': z.string().max(512),
  'hub.challenge': z.string().min(1).max(512),
});
export type WebhookVerificationQuery = z.infer<typeof WebhookVerificationQuery>;

/** developers.strava.com/docs/webhooks: the event body. */
export const StravaWebhookEvent = z.object({
  object_type: z.enum(['activity', 'athlete']),
  object_id: z.number().int().positive(),
  aspect_type: z.enum(['create', 'update', 'delete']),
  owner_id: z.number().int().positive(),
  subscription_id: z.number().int().nonnegative(),
  event_time: z.number().int().nonnegative(),
  updates: z.record(z.string(), z.unknown()).optional(),
});
export type StravaWebhookEvent = z.infer<typeof StravaWebhookEvent>;

export function verifyWebhookSubscription(
  query: WebhookVerificationQuery,
  expectedToken: string | undefined,
): { 'hub.challenge': string } {
  const tokenMatches =
    expectedToken !== undefined && safeEqual(Buffer.from(query['hub.verify_token']), Buffer.from(expectedToken));
  if (query['hub.mode'] !== 'subscribe' || !tokenMatches) throw new ForbiddenError('Webhook verification failed.');
  return { 'hub.challenge': query['hub.challenge'] };
}

export type WebhookOutcome = 'ignored' | 'queued' | 'coalesced' | 'deleted' | 'dropped';

/** Events for one athlete within this long become one Strava read (the queued message waits this long). */
export const WEBHOOK_COALESCE_SECONDS = 60;
/** A pending mark this old (its message lost) no longer holds events back. */
const PENDING_STALE_SECONDS = 15 * 60;

type WebhookMessage = Extract<ImportMessage, { type: 'strava-webhook' }>;

/**
 * Takes one event without calling Strava. The endpoint is public and Strava does not sign events, so no event is
 * trusted to carry data: a create or update queues one import for the athlete (events for the same athlete while
 * it is pending join it, so a flood costs one read per athlete and interval, within the per-athlete cap), a
 * deauthorization queues a check of the athlete's tokens, and a delete removes the stored copy at once (no fetch;
 * a forged one is undone by the next import, which reads the window again).
 */
export async function handleStravaWebhookEvent(
  event: StravaWebhookEvent,
  deps: StravaDeps,
  subscriptionId: number | undefined,
): Promise<WebhookOutcome> {
  // Not our subscription (or none configured): a forgery, or another app's event. Nothing is done.
  if (subscriptionId === undefined || event.subscription_id !== subscriptionId) {
    logger.warn('strava webhook event for another subscription ignored', { subscriptionId: event.subscription_id });
    return 'ignored';
  }
  if (event.object_type === 'athlete' && event.updates?.authorized !== 'false') return 'ignored';
  const userIds = await activeUsersOfAthlete(event.owner_id);
  if (userIds.length === 0) return 'ignored';

  if (event.object_type === 'activity' && event.aspect_type === 'delete') {
    for (const userId of userIds) {
      await deleteActivity(userId, 'strava', String(event.object_id));
      await recalculateMetricsSafely(userId, deps.clock(), deps);
    }
    return 'deleted';
  }
  const kind = event.object_type === 'athlete' ? 'deauthorization' : 'activities';
  const now = deps.clock();
  if (!(await claimWebhookMessage(event.owner_id, kind, now, PENDING_STALE_SECONDS))) return 'coalesced';
  // Every queued message costs Strava calls: capped per athlete, so no one athlete (or forger) spends the shared
  // budget. Past the cap the event is dropped; the daily refresh re-reads the whole window.
  if (!(await takeWebhookCall(event.owner_id, now, stravaWebhookCallsPerAthlete()))) {
    await releaseWebhookMessage(event.owner_id, kind);
    logger.warn('strava webhook event over the athlete budget dropped', { athleteId: event.owner_id });
    return 'dropped';
  }
  await enqueueImport({ type: 'strava-webhook', athleteId: event.owner_id, kind }, WEBHOOK_COALESCE_SECONDS);
  return 'queued';
}

/**
 * The worker's part: the coalesced events of one athlete. Activities → one import job per connected user (one per
 * user at a time, reading since the last sync); a deauthorization counts only once Strava refuses the tokens.
 */
export async function runStravaWebhookMessage(message: WebhookMessage, deps: StravaDeps): Promise<void> {
  await releaseWebhookMessage(message.athleteId, message.kind);
  for (const userId of await activeUsersOfAthlete(message.athleteId)) {
    if (message.kind === 'activities') await startImportJobUnlessEnded(userId, deps.clock());
    else if (!(await stravaStillAuthorizes(userId, deps))) await forgetConnection(userId, deps);
  }
}

/** A connection that ended since it was listed gets no job. */
async function startImportJobUnlessEnded(userId: string, now: Date): Promise<void> {
  try {
    await startImportJob(userId, 'strava', 'import', now);
  } catch (error) {
    if (!(error instanceof ConnectionEndedError)) throw error;
  }
}

async function activeUsersOfAthlete(athleteId: number): Promise<string[]> {
  const userIds = await findUsersByStravaAthlete(athleteId);
  const connections = await Promise.all(userIds.map((userId) => getConnection(userId, 'strava', null)));
  return userIds.filter((_, i) => connections[i]?.isActive && connections[i]?.providerUserId === String(athleteId));
}

/** False when Strava refuses the athlete's tokens even after a refresh: the deauthorization is real. */
async function stravaStillAuthorizes(userId: string, deps: StravaDeps): Promise<boolean> {
  try {
    await withStravaAccess(userId, deps, (token) => deps.strava.getAthlete(userId, token));
    return true;
  } catch (error) {
    if (error instanceof StravaAuthError) return false;
    throw error;
  }
}

async function forgetConnection(userId: string, deps: StravaDeps): Promise<void> {
  await endConnection(userId, 'strava', deps.clock());
  await forgetProviderMetrics(userId, 'strava', deps.clock());
}
