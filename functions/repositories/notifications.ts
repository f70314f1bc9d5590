import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import type { Notification, NotificationType } from '../shared/schemas/notifications';

/** Notifications live for 90 days; DynamoDB TTL removes them after that. */
export const NOTIFICATION_LIFETIME_DAYS = 90;

/** social table: a user's notifications, newest last by sk (ULIDs sort by time). */
export const notificationKeys = {
  notification: (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `NOTIF#${id}` }),
  notificationsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'NOTIF#' }),
} as const;

export interface NewNotification {
  type: NotificationType;
  message: string;
  link: string | null;
}

/** Adds an unread notification for `userId`; the one write every feature uses to tell a user something. */
export async function addNotification(userId: string, input: NewNotification, now: Date): Promise<Notification> {
  const notification: Notification = { id: ulid(now.getTime()), ...input, createdAt: now.toISOString(), readAt: null };
  await dynamo().send(
    new PutCommand({
      TableName: tableName('social'),
      Item: {
        ...notificationKeys.notification(userId, notification.id),
        entity: 'Notification',
        userId,
        ...notification,
        expiresAt: Math.floor(now.getTime() / 1000) + NOTIFICATION_LIFETIME_DAYS * 86_400,
      },
    }),
  );
  return notification;
}
