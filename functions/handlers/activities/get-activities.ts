import { httpRoute } from '../http-route';
import { ActivitiesQuery } from '../../shared/schemas/connections';
import { listActivities } from '../../usecases/activities';

/** GET /api/activities — the caller's unified activities: filtered, sorted, 50 a page. */
export const handler = httpRoute({ query: ActivitiesQuery }, async ({ caller, query, now }) =>
  listActivities(caller.userId, query, now),
);
