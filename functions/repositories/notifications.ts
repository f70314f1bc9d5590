import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  paginateQuery,
} from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { Notification, type NotificationType } from '../shared/schemas/notifications';
import { deleteItemsByPrefix } from './batch';
import { blockedEitherWayOf, isBlockedEitherWay } from './partner-relationships';
import { displayNamesOf } from './user-profiles';
import { actorOf, isLegacyWithActor } from '../domain/notification-actor';
import { notificationKeys } from './keys';

/** Notifications live for 90 days; DynamoDB TTL removes them after that. */
export const NOTIFICATION_LIFETIME_DAYS = 90;

/**
 * social table: a user's notifications, newest last by sk (ULIDs sort by time). An unread one also
 * carries gsi1pk UNREAD#<user> (a sparse index: marking it read removes it), so the unread count and
 * 'mark all read' read only the unread ones.
 */
export interface NewNotification {
  type: NotificationType;
  message: string;
  link: string | null;
  /**
   * The member whose action this tells of: nothing is delivered while either has blocked the
   * other, and a notification already delivered is not shown once one of them blocks.
   */
  actorId?: string;
  /**
   * A burst key, e.g. one conversation: while an unread notification with the same key is waiting, no new
   * one is added (one notification per burst of messages instead of one per message).
   */
  burstKey?: string;
}

/**
 * Adds an unread notification for `userId`; the one write every feature uses to tell a user something.
 * Null when nothing was added: the actor and the user block each other, or the burst already has one waiting.
 */
export async function addNotification(userId: string, input: NewNotification, now: Date): Promise<Notification | null> {
  if (input.actorId && (await isBlockedEitherWay(userId, input.actorId))) return null;
  if (input.burstKey && (await hasUnreadInBurst(userId, input.burstKey, now))) return null;
  const { actorId, burstKey, ...shown } = input;
  const notification: Notification = { id: ulid(now.getTime()), ...shown, createdAt: now.toISOString(), readAt: null };
  await dynamo().send(
    new PutCommand({
      TableName: tableName('social'),
      Item: {
        ...notificationKeys.notification(userId, notification.id),
        ...notificationKeys.unread(userId, notification.id),
        entity: 'Notification',
        userId,
        ...notification,
        ...(actorId ? { actorId } : {}),
        ...(burstKey ? { burstKey } : {}),
        expiresAt: Math.floor(now.getTime() / 1000) + NOTIFICATION_LIFETIME_DAYS * 86_400,
      },
    }),
  );
  return notification;
}

const notificationFrom = (item: Record<string, unknown>): Notification =>
  Notification.parse({
    id: item.id,
    type: item.type,
    message: item.message,
    link: item.link ?? null,
    createdAt: item.createdAt,
    readAt: item.readAt ?? null,
  });

/** Not yet removed by TTL (which can lag by days). */
const notExpired = (item: Record<string, unknown>, now: Date) =>
  typeof item.expiresAt !== 'number' || item.expiresAt > now.getTime() / 1000;

/**
 * Leaves out what a member the user blocks or is blocked by is told of (not shown, not counted). Items
 * stored before notifications carried their actor are matched by link or by the blocked members' names.
 */
async function withoutBlocked(userId: string, items: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const blocked = await blockedEitherWayOf(userId);
  if (blocked.size === 0) return items;
  const names = items.some(isLegacyWithActor) ? await displayNamesOf([...blocked]) : new Map<string, string>();
  return items.filter((item) => {
    const actor = actorOf(item, names);
    return actor === undefined || !blocked.has(actor);
  });
}

export interface NotificationPage {
  notifications: Notification[];
  /** The sk to continue after, when more remain. */
  after: string | null;
}

/** Newest first, from after `after` (an sk) if given. */
export async function listNotifications(
  userId: string,
  limit: number,
  after: string | null,
  now: Date,
): Promise<NotificationPage> {
  const { pk, skPrefix } = notificationKeys.notificationsOfUser(userId);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('social'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ...(after ? { ExclusiveStartKey: { pk, sk: after } } : {}),
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const items = await withoutBlocked(
    userId,
    (result.Items ?? []).filter((item) => notExpired(item, now)),
  );
  return {
    notifications: items.map(notificationFrom),
    after: result.LastEvaluatedKey ? String(result.LastEvaluatedKey.sk) : null,
  };
}

async function unreadItems(userId: string, now: Date): Promise<Record<string, unknown>[]> {
  const { gsi1pk } = notificationKeys.unread(userId, '');
  const items: Record<string, unknown>[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: tableName('social'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
      // type, message and link: to tell the actor of an item stored without actorId.
      ProjectionExpression: 'gsi1sk, expiresAt, actorId, burstKey, #type, #message, #link',
      ExpressionAttributeNames: { '#type': 'type', '#message': 'message', '#link': 'link' },
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) if (notExpired(item, now)) items.push(item);
  return items;
}

async function unreadIds(userId: string, now: Date): Promise<string[]> {
  return (await unreadItems(userId, now)).map((item) => String(item.gsi1sk));
}

async function hasUnreadInBurst(userId: string, burstKey: string, now: Date): Promise<boolean> {
  return (await unreadItems(userId, now)).some((item) => item.burstKey === burstKey);
}

/** Unread and shown: notifications told of by a blocked member do not count. */
export async function countUnread(userId: string, now: Date): Promise<number> {
  return (await withoutBlocked(userId, await unreadItems(userId, now))).length;
}

/** Marks one read (idempotent: the first read time stays); false when the user has no such notification. */
export async function markNotificationRead(userId: string, id: string, now: Date): Promise<boolean> {
  const Key = notificationKeys.notification(userId, id);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('social'),
        Key,
        UpdateExpression: 'SET readAt = :now REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(readAt) OR readAt = :null)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':null': null },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // Either already read, or not there at all.
    const existing = await dynamo().send(
      new GetCommand({ TableName: tableName('social'), Key, ProjectionExpression: 'pk' }),
    );
    return existing.Item !== undefined;
  }
}

/** Marks every unread notification read; returns how many were. */
export async function markAllNotificationsRead(userId: string, now: Date): Promise<number> {
  const ids = await unreadIds(userId, now);
  const CONCURRENCY = 8;
  for (let i = 0; i < ids.length; i += CONCURRENCY) {
    await Promise.all(ids.slice(i, i + CONCURRENCY).map((id) => markNotificationRead(userId, id, now)));
  }
  return ids.length;
}

/** Removes all of the user's notifications; returns the count. */
export async function deleteNotificationsOfUser(userId: string): Promise<number> {
  const { pk, skPrefix } = notificationKeys.notificationsOfUser(userId);
  return (await deleteItemsByPrefix(tableName('social'), { pk, prefix: skPrefix })).length;
}

/**
 * Account deletion: notifications in `recipientId`'s inbox told of `actorId` name them as `replacement`
 * instead of `name`, lose their link (it led to the deleted member) and their actor; one that does not carry the
 * name is removed; with `onlyLink`, only those linking there, and without a name (an activity the deleted member
 * organised: its title is their text) every notice linking there goes, whoever it tells of. Items stored before
 * notifications carried their actor are matched by their link or by the name opening their text.
 * Returns how many were changed or removed.
 */
export async function scrubNotificationsFrom(
  recipientId: string,
  actorId: string,
  name: string | null,
  replacement: string,
  onlyLink?: string,
): Promise<number> {
  const { pk, skPrefix } = notificationKeys.notificationsOfUser(recipientId);
  const TableName = tableName('social');
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: onlyLink === undefined ? 'actorId = :actor OR attribute_not_exists(actorId)' : '#link = :link',
      ExpressionAttributeValues: {
        ':pk': pk,
        ':prefix': skPrefix,
        ...(onlyLink === undefined ? { ':actor': actorId } : { ':link': onlyLink }),
      },
      ProjectionExpression: 'pk, sk, #message, actorId, #type, #link',
      ExpressionAttributeNames: { '#message': 'message', '#type': 'type', '#link': 'link' },
    },
  );
  const candidates = new Map(name ? [[actorId, name]] : []);
  let scrubbed = 0;
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      const everyNoticeGoes = name === null && onlyLink !== undefined;
      if (!everyNoticeGoes && actorOf(item, candidates) !== actorId) continue;
      const Key = { pk: item.pk, sk: item.sk };
      const message = String(item.message ?? '');
      if (name && message.includes(name)) {
        await dynamo()
          .send(
            new UpdateCommand({
              TableName,
              Key,
              UpdateExpression: 'SET message = :message, link = :null REMOVE actorId, burstKey',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':message': message.split(name).join(replacement), ':null': null },
            }),
          )
          .catch((error: unknown) => {
            if (!isConditionalCheckFailure(error)) throw error;
          });
      } else {
        await dynamo().send(new DeleteCommand({ TableName, Key }));
      }
      scrubbed++;
    }
  }
  return scrubbed;
}
