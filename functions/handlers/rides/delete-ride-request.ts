import { httpRoute } from '../http-route';
import { RideRequestPath } from '../../shared/schemas/rides';
import { withdrawRideRequest } from '../../usecases/rides';

/** DELETE /api/group-activities/{activityId}/ride-requests/{requestId} — the requester withdraws. */
export const handler = httpRoute({ path: RideRequestPath }, async ({ caller, path }) =>
  withdrawRideRequest(caller.userId, path.activityId, path.requestId),
);
