import { httpRoute } from '../../lib/http';
import { RidePath } from '../../shared/schemas/rides';
import { planDeps } from '../../usecases/group-activity-deps';
import { withdrawRide } from '../../usecases/rides';

/** DELETE /api/group-activities/{activityId}/rides/{rideId} — the driver withdraws; passengers are told. */
export const handler = httpRoute({ auth: 'user', path: RidePath }, async ({ caller, path, now }) =>
  withdrawRide(caller.userId, path.activityId, path.rideId, now, planDeps),
);
