import { httpRoute } from '../http-route';
import { ActivityIdPath } from '../../shared/schemas/group-activities';
import { groupActivityDeps } from '../../usecases/group-activity-deps';
import { leaveGroupActivity } from '../../usecases/group-activities';

/** POST /api/group-activities/{activityId}/leave — frees the caller's seat and their rides for it. */
export const handler = httpRoute({ path: ActivityIdPath }, async ({ caller, path, now }) =>
  leaveGroupActivity(caller.userId, path.activityId, now, groupActivityDeps),
);
