import { httpRoute } from '../http-route';
import { ActivityIdPath } from '../../shared/schemas/group-activities';
import { groupActivityDeps } from '../../usecases/group-activity-deps';
import { joinGroupActivity } from '../../usecases/group-activities';

/** POST /api/group-activities/{activityId}/join — takes a seat atomically (never beyond the maximum). */
export const handler = httpRoute({ path: ActivityIdPath }, async ({ caller, path, now }) =>
  joinGroupActivity(caller.userId, path.activityId, now, groupActivityDeps),
);
