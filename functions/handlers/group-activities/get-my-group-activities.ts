import { httpRoute } from '../http-route';
import { MyActivitiesQuery } from '../../shared/schemas/group-activities';
import { listMyActivities } from '../../usecases/group-activities';

/** GET /api/group-activities/mine — the caller's upcoming activities (organised and joined), paged. */
export const handler = httpRoute({ query: MyActivitiesQuery }, async ({ caller, query, now }) =>
  listMyActivities(caller.userId, query, now),
);
