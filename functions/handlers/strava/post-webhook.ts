import { httpRoute } from '../../lib/http';
import { stravaDeps } from '../../usecases/strava-deps';
import { handleStravaWebhookEvent, StravaWebhookEvent } from '../../usecases/strava-webhook';

/** Strava expects an answer within 2 s: one short try per call, no waiting out a 429. */
const WEBHOOK_STRAVA_TIMEOUT_MS = 1500;

/** POST /api/webhooks/strava — public: activity create/update/delete and athlete deauthorization events. */
export const handler = httpRoute({ auth: 'public', body: StravaWebhookEvent, maxBodyBytes: 8 * 1024 }, async ({ body }) => {
  const outcomes = await handleStravaWebhookEvent(body, await stravaDeps({ timeoutMs: WEBHOOK_STRAVA_TIMEOUT_MS, maxRetryDelayMs: 0 }));
  return { received: true, outcomes };
});
