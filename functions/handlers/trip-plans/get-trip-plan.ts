import { httpRoute } from '../http-route';
import { TripPlanIdPath } from '../../shared/schemas/trip-plans';
import { getTripPlanFor } from '../../usecases/trip-plans';

/** GET /api/trip-plans/{planId} — one plan, for a member of its party. */
export const handler = httpRoute({ path: TripPlanIdPath }, async ({ caller, path, now }) =>
  getTripPlanFor(caller.userId, path.planId, now),
);
