import { httpRoute } from '../http-route';
import { RideRequestPath } from '../../shared/schemas/rides';
import { groupActivityDeps } from '../../usecases/group-activity-deps';
import { offerRideToRequest } from '../../usecases/rides';

/** POST /api/group-activities/{activityId}/ride-requests/{requestId}/offer — a driver offers their ride; the requester is told. */
export const handler = httpRoute({ path: RideRequestPath }, async ({ caller, path, now }) =>
  offerRideToRequest(caller.userId, path.activityId, path.requestId, now, groupActivityDeps),
);
