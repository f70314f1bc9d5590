import { httpRoute } from '../http-route';
import { CancelRideRequest, RidePath } from '../../shared/schemas/rides';
import { groupActivityDeps } from '../../usecases/group-activity-deps';
import { withdrawRide } from '../../usecases/rides';

/** DELETE /api/group-activities/{activityId}/rides/{rideId} — the driver withdraws (an optional reason); passengers are told. */
export const handler = httpRoute({ path: RidePath, body: CancelRideRequest }, async ({ caller, path, body, now }) =>
  withdrawRide(caller.userId, path.activityId, path.rideId, now, groupActivityDeps, body?.reason || undefined),
);
