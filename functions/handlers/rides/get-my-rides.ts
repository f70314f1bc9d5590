import { httpRoute } from '../http-route';
import { listMyRides } from '../../usecases/rides';

/** GET /api/rides — ride offers and requests of the caller's upcoming activities (Find Rides). */
export const handler = httpRoute({ auth: 'user', readsOnly: true }, async ({ caller, now }) =>
  listMyRides(caller.userId, now),
);
