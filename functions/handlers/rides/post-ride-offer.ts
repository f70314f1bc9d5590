import { httpRoute } from '../http-route';
import { ActivityIdPath } from '../../shared/schemas/group-activities';
import { OfferRideRequest } from '../../shared/schemas/rides';
import { offerRide } from '../../usecases/rides';

/** POST /api/group-activities/{activityId}/rides — a participant offers a ride. */
export const handler = httpRoute(
  { path: ActivityIdPath, body: OfferRideRequest, successStatus: 201 },
  async ({ caller, path, body, now }) => offerRide(caller.userId, path.activityId, body, now),
);
