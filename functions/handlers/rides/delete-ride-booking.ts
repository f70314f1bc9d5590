import { httpRoute } from '../http-route';
import { RidePath } from '../../shared/schemas/rides';
import { groupActivityDeps } from '../../usecases/group-activity-deps';
import { cancelRideBooking } from '../../usecases/rides';

/** DELETE /api/group-activities/{activityId}/rides/{rideId}/booking — frees the caller's seat. */
export const handler = httpRoute({ path: RidePath }, async ({ caller, path, now }) =>
  cancelRideBooking(caller.userId, path.activityId, path.rideId, now, groupActivityDeps),
);
