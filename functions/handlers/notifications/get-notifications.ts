import { httpRoute } from '../http-route';
import { NotificationsQuery } from '../../shared/schemas/notifications';
import { notificationsOf } from '../../usecases/notifications';

/** GET /api/notifications — newest first, paged, with the unread count. */
export const handler = httpRoute({ query: NotificationsQuery }, async ({ caller, query, now }) =>
  notificationsOf(caller.userId, query, now),
);
