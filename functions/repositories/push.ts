import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { PushKinds, type PushKind, type PushPayload } from '../shared/schemas/push';
import { deleteItemsByPrefix } from './batch';
import { pushKeys } from './keys';

/**
 * Web Push.
 *
 * | item | table | pk | sk | gsi1pk / gsi1sk |
 * |---|---|---|---|---|
 * | a device's subscription | users | `USER#<userId>` | `PUSH_DEVICE#<sha256 of endpoint>` | — |
 * | a push waiting to go out | social | `USER#<userId>` | `PUSH_PENDING#<notification id>` | `PUSH_DUE` / `<queued>#<userId>#<notification id>` |
 *
 * Both sit under the person's partition, so account deletion sweeps them with the rest. A request only writes the
 * pending item (idempotently: its key is the notification's id); the `push-outbox` job claims each by deleting it
 * conditionally, so a duplicated schedule event or an overlapping run never pushes one notification twice.
 */
export interface PushDeviceRecord {
  deviceId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  kinds: PushKinds;
}

export interface PendingPush {
  userId: string;
  notificationId: string;
  kind: PushKind;
  payload: PushPayload;
}

/** Pending pushes are dropped after a day if the job never got to them: news that late is no use on a lock screen. */
const PENDING_LIFETIME_S = 86_400;

export async function putPushDevice(userId: string, device: PushDeviceRecord, now: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('users'),
      Item: {
        ...pushKeys.device(userId, device.deviceId),
        entity: 'PushDevice',
        userId,
        ...device,
        updatedAt: now.toISOString(),
      },
    }),
  );
}

/** False when the user has no such device. */
export async function deletePushDevice(userId: string, deviceId: string): Promise<boolean> {
  const result = await dynamo().send(
    new DeleteCommand({
      TableName: tableName('users'),
      Key: pushKeys.device(userId, deviceId),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return result.Attributes !== undefined;
}

export async function listPushDevices(userId: string): Promise<PushDeviceRecord[]> {
  const { pk, skPrefix } = pushKeys.devicesOfUser(userId);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('users'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    }),
  );
  return (result.Items ?? []).map((item) => ({
    deviceId: String(item.deviceId),
    endpoint: String(item.endpoint),
    keys: item.keys as PushDeviceRecord['keys'],
    kinds: PushKinds.parse(item.kinds),
  }));
}

export async function deletePushDevicesOfUser(userId: string): Promise<number> {
  const { pk, skPrefix } = pushKeys.devicesOfUser(userId);
  return (await deleteItemsByPrefix(tableName('users'), { pk, prefix: skPrefix })).length;
}

/** Queues one notification's push; false when it was queued before (a retried request). */
export async function queuePush(push: PendingPush, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('social'),
        Item: {
          ...pushKeys.pending(push.userId, push.notificationId),
          ...pushKeys.pendingDue(now.toISOString(), push.userId, push.notificationId),
          entity: 'PendingPush',
          ...push,
          expiresAt: Math.floor(now.getTime() / 1000) + PENDING_LIFETIME_S,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** The oldest waiting pushes, at most `limit`. */
export async function listPendingPushes(limit: number): Promise<{ userId: string; notificationId: string }[]> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('social'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': pushKeys.pendingDue('', '', '').gsi1pk },
      ProjectionExpression: 'userId, notificationId',
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => ({
    userId: String(item.userId),
    notificationId: String(item.notificationId),
  }));
}

/** Takes one waiting push for this run: deletes it and returns it, or null when another run took it first. */
export async function claimPendingPush(userId: string, notificationId: string): Promise<PendingPush | null> {
  try {
    const result = await dynamo().send(
      new DeleteCommand({
        TableName: tableName('social'),
        Key: pushKeys.pending(userId, notificationId),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    const item = result.Attributes;
    if (!item) return null;
    return {
      userId,
      notificationId,
      kind: item.kind as PushKind,
      payload: item.payload as PushPayload,
    };
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}
