import { httpRoute } from '../http-route';
import { ActivityIdPath } from '../../shared/schemas/group-activities';
import { groupActivityDeps } from '../../usecases/group-activity-deps';
import { cancelGroupActivity } from '../../usecases/group-activities';

/** POST /api/group-activities/{activityId}/cancel — the organizer cancels; participants are told. */
export const handler = httpRoute({ path: ActivityIdPath }, async ({ caller, path, now }) =>
  cancelGroupActivity(caller.userId, path.activityId, now, groupActivityDeps),
);
