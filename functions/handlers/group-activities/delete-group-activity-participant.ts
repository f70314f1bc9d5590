import { httpRoute } from '../http-route';
import { ParticipantPath } from '../../shared/schemas/group-activities';
import { groupActivityDeps } from '../../usecases/group-activity-deps';
import { removeParticipant } from '../../usecases/group-activities';

/** DELETE /api/group-activities/{activityId}/participants/{userId} — the organizer removes a participant (who cannot re-join). */
export const handler = httpRoute({ path: ParticipantPath }, async ({ caller, path, now }) =>
  removeParticipant(caller.userId, path.activityId, path.userId, now, groupActivityDeps),
);
