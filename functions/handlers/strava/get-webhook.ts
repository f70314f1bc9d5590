import { httpRoute } from '../http-route';
import { stravaWebhookVerifyToken } from '../../lib/config';
import { verifyWebhookSubscription, WebhookVerificationQuery } from '../../usecases/strava-webhook';

/** GET /api/webhooks/strava — public: Strava's subscription check (echo hub.challenge for the right verify token). */
export const handler = httpRoute({ query: WebhookVerificationQuery }, async ({ query }) =>
  verifyWebhookSubscription(query, stravaWebhookVerifyToken()),
);
