import { httpRoute } from '../http-route';
import { listUserConnections } from '../../usecases/connection-lists';

/** GET /api/connections — the caller's active health connections (never tokens). */
export const handler = httpRoute({}, async ({ caller }) => listUserConnections(caller.userId));
