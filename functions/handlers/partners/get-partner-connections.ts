import { httpRoute } from '../http-route';
import { listConnections } from '../../usecases/partner-connections';

/** GET /api/partner-connections — requests both ways, partners and blocked members. */
export const handler = httpRoute({}, async ({ caller }) => listConnections(caller.userId));
