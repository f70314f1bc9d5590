import { httpRoute } from '../http-route';
import { listMyRides } from '../../usecases/rides';

/** GET /api/rides — ride offers and requests of the caller's upcoming activities (Find Rides). */
export const handler = httpRoute({}, async ({ caller, now }) => listMyRides(caller.userId, now));
