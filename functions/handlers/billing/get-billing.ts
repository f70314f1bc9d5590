import { httpRoute } from '../http-route';
import { getPlan } from '../../usecases/billing-plan';

/** GET /api/billing — the caller's plan: free or Premium, until when, cancelling, or past due with its grace. */
export const handler = httpRoute({}, async ({ caller, now }) => getPlan(caller.userId, now));
