import { httpRoute } from '../http-route';
import { listUserSyncRequests } from '../../usecases/connection-lists';

/** GET /api/sync-requests — the caller's sync requests, newest first. */
export const handler = httpRoute({}, async ({ caller }) => listUserSyncRequests(caller.userId));
