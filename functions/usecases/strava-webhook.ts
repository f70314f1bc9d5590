import * as z from 'zod';
import { StravaAuthError } from '../adapters/strava/errors';
import { InvalidStravaActivityError, mapStravaActivity } from '../domain/strava-activity';
import { stravaWebhookCallsPerAthlete } from '../lib/config';
import { safeEqual } from '../lib/crypto';
import { ForbiddenError } from '../lib/errors';
import { logger } from '../lib/logger';
import { deleteActivitiesOfUser, deleteActivity, upsertActivities } from '../repositories/activities';
import { deactivateConnection, findUsersByStravaAthlete, getConnection } from '../repositories/connections';
import { withStravaAccess } from './strava-access';
import type { StravaDeps } from './strava-deps';
import { takeWebhookCall } from '../repositories/strava-webhook-budget';
import { forgetProviderMetrics } from './metrics';
import { dropIfDisconnectedMeanwhile, recalculateMetricsSafely } from './strava-sync';

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

export type WebhookOutcome = 'ignored' | 'upserted' | 'deleted' | 'deauthorized' | 'failed';

/**
 * Applies one event. The endpoint is public and Strava does not sign events, so no event is trusted as such:
 * every activity event re-fetches the activity and reconciles (there → upsert, gone → delete), and a
 * deauthorization counts only once Strava refuses the athlete's tokens. Every effect is idempotent, so a
 * duplicate delivery changes nothing more. Failures are logged and acknowledged: the daily refresh catches up.
 */
export async function handleStravaWebhookEvent(
  event: StravaWebhookEvent,
  deps: StravaDeps,
  subscriptionId: number | undefined,
): Promise<WebhookOutcome[]> {
  // Not our subscription (or none configured): a forgery, or another app's event. Nothing is fetched.
  if (subscriptionId === undefined || event.subscription_id !== subscriptionId) {
    logger.warn('strava webhook event for another subscription ignored', { subscriptionId: event.subscription_id });
    return [];
  }
  const userIds = await findUsersByStravaAthlete(event.owner_id);
  return Promise.all(userIds.map((userId) => applyForUser(userId, event, deps)));
}

async function applyForUser(userId: string, event: StravaWebhookEvent, deps: StravaDeps): Promise<WebhookOutcome> {
  const connection = await getConnection(userId, 'strava', null);
  if (!connection?.isActive || connection.providerUserId !== String(event.owner_id)) return 'ignored';
  if (event.object_type === 'athlete' && event.updates?.authorized !== 'false') return 'ignored';
  // Every effect below costs a Strava call: capped per athlete, so no one athlete (or forger) spends the shared budget.
  // Events past the cap are dropped; the daily refresh re-reads the whole window.
  if (!(await takeWebhookCall(event.owner_id, deps.clock(), stravaWebhookCallsPerAthlete()))) {
    logger.warn('strava webhook event over the athlete budget dropped', { userId, objectId: event.object_id });
    return 'ignored';
  }

  try {
    if (event.object_type === 'athlete') {
      return (await stravaStillAuthorizes(userId, deps)) ? 'ignored' : await forgetConnection(userId, deps);
    }
    const raw = await withStravaAccess(userId, deps, (token) =>
      deps.strava.getActivity(userId, token, event.object_id),
    );
    // Gone or no longer visible to us (deleted, made private): we must not keep it either.
    if (raw === null) {
      await deleteActivity(userId, 'strava', String(event.object_id));
      await recalculateMetricsSafely(userId, deps.clock(), deps);
      return 'deleted';
    }
    const fetchedAt = deps.clock();
    await upsertActivities([{ activity: mapStravaActivity(raw, { userId, fetchedAt }), raw }]);
    await dropIfDisconnectedMeanwhile(userId);
    await recalculateMetricsSafely(userId, fetchedAt, deps);
    return 'upserted';
  } catch (error) {
    const detail =
      error instanceof InvalidStravaActivityError
        ? error.fields
        : error instanceof Error
          ? error.message
          : String(error);
    logger.warn('strava webhook event not applied', {
      userId,
      objectType: event.object_type,
      aspectType: event.aspect_type,
      objectId: event.object_id,
      detail,
    });
    return 'failed';
  }
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

async function forgetConnection(userId: string, deps: StravaDeps): Promise<WebhookOutcome> {
  await deactivateConnection(userId, 'strava', deps.clock());
  await deleteActivitiesOfUser(userId, 'strava');
  await forgetProviderMetrics(userId, 'strava', deps.clock());
  return 'deauthorized';
}
