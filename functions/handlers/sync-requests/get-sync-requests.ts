import { httpRoute } from '../http-route';
import { listUserSyncRequests } from '../../usecases/connection-lists';

/** GET /api/sync-requests — the caller's sync requests, newest first. */
export const handler = httpRoute({ auth: 'user', readsOnly: true }, async ({ caller }) =>
  listUserSyncRequests(caller.userId),
);
