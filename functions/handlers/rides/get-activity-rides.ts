import { httpRoute } from '../http-route';
import { ActivityIdPath } from '../../shared/schemas/group-activities';
import { listRidesOfActivity } from '../../usecases/rides';

/** GET /api/group-activities/{activityId}/rides — offers and requests, for the activity's participants only. */
export const handler = httpRoute({ path: ActivityIdPath }, async ({ caller, path }) =>
  listRidesOfActivity(caller.userId, path.activityId),
);
