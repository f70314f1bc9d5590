/** The sort-key prefix of every notification (a paging cursor is checked against it). */
export const NOTIFICATION_SK_PREFIX = 'NOTIF#';

/** social: a user's notifications; gsi1 holds the unread ones only (see functions/repositories/notifications.ts). */
export const notificationKeys = {
  notification: (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `${NOTIFICATION_SK_PREFIX}${id}` }),
  notificationsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: NOTIFICATION_SK_PREFIX }),
  unread: (userId: string, id: string) => ({ gsi1pk: `UNREAD#${userId}`, gsi1sk: id }),
} as const;
