import { httpRoute } from '../http-route';
import { ActivityIdPath } from '../../shared/schemas/group-activities';
import { getGroupActivityDetails } from '../../usecases/group-activities';

/** GET /api/group-activities/{activityId} — details with participants (display names only). */
export const handler = httpRoute({ path: ActivityIdPath }, async ({ caller, path }) =>
  getGroupActivityDetails(caller.userId, path.activityId),
);
