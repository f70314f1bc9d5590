import { stravaWebhookSubscriptionId } from '../../lib/config';
import { httpRoute } from '../../lib/http';
import { stravaDeps } from '../../usecases/strava-deps';
import { handleStravaWebhookEvent, StravaWebhookEvent } from '../../usecases/strava-webhook';

/** Strava expects an answer within 2 s: one short try per call, no waiting out a 429. */
const WEBHOOK_STRAVA_TIMEOUT_MS = 1500;

/**
 * POST /api/webhooks/strava — public: activity create/update/delete and athlete deauthorization events. Every
 * well-formed event gets the same answer: what happened (or whether the athlete uses TrailBuddy) is nobody's business.
 */
export const handler = httpRoute(
  { auth: 'public', body: StravaWebhookEvent, maxBodyBytes: 8 * 1024 },
  async ({ body }) => {
    await handleStravaWebhookEvent(
      body,
      await stravaDeps({ timeoutMs: WEBHOOK_STRAVA_TIMEOUT_MS, maxRetryDelayMs: 0 }),
      stravaWebhookSubscriptionId(),
    );
    return { received: true };
  },
);
