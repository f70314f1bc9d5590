import { httpRoute } from '../http-route';
import { NotificationPath } from '../../shared/schemas/notifications';
import { markRead } from '../../usecases/notifications';

/** POST /api/notifications/{notificationId}/read — mark one read. */
export const handler = httpRoute({ path: NotificationPath }, async ({ caller, path, now }) =>
  markRead(caller.userId, path.notificationId, now),
);
