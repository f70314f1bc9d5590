import { NotFoundError } from '../lib/errors';
import {
  countUnread,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../repositories/notifications';
import { countUnreadConversations } from '../repositories/partner-relationships';
import { NOTIFICATION_SK_PREFIX } from '../repositories/keys';
import type { MarkReadResponse, NotificationsQuery, NotificationsResponse } from '../shared/schemas/notifications';
import { decodeSortKeyCursor, encodeCursor } from './partner-cursor';

/** GET /api/notifications: newest first, paged, with the unread counts for the bell and the Messages link. */
export async function notificationsOf(
  userId: string,
  query: NotificationsQuery,
  now: Date,
): Promise<NotificationsResponse> {
  const after = query.cursor ? decodeSortKeyCursor(query.cursor, NOTIFICATION_SK_PREFIX) : null;
  const [page, unread, unreadMessages] = await Promise.all([
    listNotifications(userId, query.limit, after, now),
    countUnread(userId, now),
    countUnreadConversations(userId),
  ]);
  return {
    notifications: page.notifications,
    unread,
    unreadMessages,
    nextCursor: page.after ? encodeCursor(page.after) : null,
  };
}

export async function markRead(userId: string, notificationId: string, now: Date): Promise<MarkReadResponse> {
  if (!(await markNotificationRead(userId, notificationId, now)))
    throw new NotFoundError('There is no such notification.');
  return { unread: await countUnread(userId, now) };
}

export async function markAllRead(userId: string, now: Date): Promise<MarkReadResponse> {
  await markAllNotificationsRead(userId, now);
  return { unread: await countUnread(userId, now) };
}
