import { httpRoute } from '../http-route';
import { TripLinkPath } from '../../shared/schemas/trip-plans';
import { sharedTripPlan } from '../../usecases/trip-plans';

/** GET /api/trip-links/{token} — public: the read-only plan behind an emergency contact's link. */
export const handler = httpRoute({ path: TripLinkPath }, async ({ path, now }) => sharedTripPlan(path.token, now));
