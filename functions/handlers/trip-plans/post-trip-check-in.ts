import { httpRoute } from '../http-route';
import { TripCheckInRequest, TripPlanIdPath } from '../../shared/schemas/trip-plans';
import { checkInTripPlan } from '../../usecases/trip-plans';

/** POST /api/trip-plans/{planId}/check-ins — "We're back" or "Running late". */
export const handler = httpRoute(
  { path: TripPlanIdPath, body: TripCheckInRequest, idempotent: 'after-work' },
  async ({ caller, path, body, now }) => checkInTripPlan(caller.userId, path.planId, body, now),
);
