import { httpRoute } from '../http-route';
import { RidePath } from '../../shared/schemas/rides';
import { groupActivityDeps } from '../../usecases/group-activity-deps';
import { bookRide } from '../../usecases/rides';

/** POST /api/group-activities/{activityId}/rides/{rideId}/booking — Join Ride: one seat, atomically. */
export const handler = httpRoute({ path: RidePath }, async ({ caller, path, now }) =>
  bookRide(caller.userId, path.activityId, path.rideId, now, groupActivityDeps),
);
