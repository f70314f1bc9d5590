import { stravaWebhookSubscriptionId } from '../../lib/config';
import { httpRoute } from '../http-route';
import { stravaDeps } from '../../usecases/strava-deps';
import { handleStravaWebhookEvent, StravaWebhookEvent } from '../../usecases/strava-webhook';

/**
 * POST /api/webhooks/strava — public: activity create/update/delete and athlete deauthorization events. Every
 * well-formed event gets the same answer: what happened (or whether the athlete uses TrailBuddy) is nobody's business.
 * Nothing here calls Strava: events are queued for the import worker (coalesced per athlete).
 */
export const handler = httpRoute({ body: StravaWebhookEvent, maxBodyBytes: 8 * 1024 }, async ({ body }) => {
  await handleStravaWebhookEvent(body, await stravaDeps(), stravaWebhookSubscriptionId());
  return { received: true };
});
