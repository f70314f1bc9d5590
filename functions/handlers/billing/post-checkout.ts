import { httpRoute } from '../http-route';
import { startCheckout } from '../../usecases/billing';

/** POST /api/billing/checkout — a Stripe Checkout Session for Premium; the answer is where to send the browser. */
export const handler = httpRoute({}, async ({ caller, now }) => startCheckout(caller, now));
