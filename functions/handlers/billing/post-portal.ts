import { httpRoute } from '../http-route';
import { openBillingPortal } from '../../usecases/billing';

/** POST /api/billing/portal — a Stripe Customer Portal session for the caller's billing account. */
export const handler = httpRoute({}, async ({ caller }) => openBillingPortal(caller.userId));
