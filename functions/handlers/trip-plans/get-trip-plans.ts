import { httpRoute } from '../http-route';
import { listTripPlansFor } from '../../usecases/trip-plans';

/** GET /api/trip-plans — the plans the caller is in, newest first. */
export const handler = httpRoute({}, async ({ caller, now }) => listTripPlansFor(caller.userId, now));
