import { httpRoute } from '../http-route';
import { ActivityIdPath, GroupActivityInput } from '../../shared/schemas/group-activities';
import { groupActivityDeps } from '../../usecases/group-activity-deps';
import { updateGroupActivity } from '../../usecases/group-activities';

/** PUT /api/group-activities/{activityId} — the organizer edits every field; participants are told. */
export const handler = httpRoute(
  { path: ActivityIdPath, body: GroupActivityInput },
  async ({ caller, path, body, now }) =>
    updateGroupActivity(caller.userId, path.activityId, body, now, groupActivityDeps),
);
