import { httpRoute } from '../http-route';
import { NearbyActivitiesQuery } from '../../shared/schemas/group-activities';
import { listNearbyActivities } from '../../usecases/group-activities';

/** GET /api/group-activities?area= — upcoming activities in an area, soonest first, paged. */
export const handler = httpRoute({ query: NearbyActivitiesQuery }, async ({ caller, query, now }) =>
  listNearbyActivities(caller.userId, query, now),
);
