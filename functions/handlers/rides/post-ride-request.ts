import { httpRoute } from '../http-route';
import { ActivityIdPath } from '../../shared/schemas/group-activities';
import { RequestRideRequest } from '../../shared/schemas/rides';
import { requestRide } from '../../usecases/rides';

/** POST /api/group-activities/{activityId}/ride-requests — a participant asks for a ride. */
export const handler = httpRoute(
  { path: ActivityIdPath, body: RequestRideRequest, successStatus: 201, idempotent: 'after-work' },
  async ({ caller, path, body, now }) => requestRide(caller.userId, path.activityId, body, now),
);
