import { httpRoute } from '../http-route';
import { markAllRead } from '../../usecases/notifications';

/** POST /api/notifications/read-all — mark every notification read. */
export const handler = httpRoute({}, async ({ caller, now }) => markAllRead(caller.userId, now));
