import { httpRoute } from '../http-route';
import { handleStripeWebhook } from '../../usecases/billing';

/**
 * POST /api/billing/webhook — public: Stripe's events, verified by their Stripe-Signature over the raw body (so no
 * body schema: the bytes are checked before anything reads them).
 */
export const handler = httpRoute({ maxBodyBytes: 256 * 1024 }, async ({ rawBody, headers, now }) =>
  handleStripeWebhook(rawBody, headers['stripe-signature'], now),
);
