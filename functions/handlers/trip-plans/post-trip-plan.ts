import { httpRoute } from '../http-route';
import { TripPlanInput } from '../../shared/schemas/trip-plans';
import { fileTripPlan } from '../../usecases/trip-plans';

/** POST /api/trip-plans — file a trip plan (for a group activity the caller is in, or solo); the contacts are emailed. */
export const handler = httpRoute(
  { body: TripPlanInput, successStatus: 201, idempotent: 'with-work' },
  async ({ caller, body, now, idempotency }) => fileTripPlan(caller.userId, body, now, idempotency),
);
