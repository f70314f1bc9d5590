import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { deleteItemsByPrefix } from './batch';
import { messageKeys } from './keys';

/**
 * Messages between partners and the free plan's monthly counter, social table:
 * - a conversation is one partition shared by both members, pk CONV#<lower id>#<higher id>, sk MSG#<ulid>
 *   (ULIDs sort by time, so a Query reads newest first);
 * - the sender's counter for a month, pk USER#<id> / sk MSGQUOTA#<yyyy-mm>, incremented by one
 *   conditional update (used < limit), so concurrent sends can never pass the limit. TTL removes old months.
 */
/** Counters outlive their month by this long, then TTL removes them. */
const QUOTA_RETENTION_SECONDS = 62 * 86_400;

export interface StoredMessage {
  id: string;
  senderId: string;
  recipientId: string;
  text: string;
  sentAt: string;
}

export async function messagesUsed(userId: string, month: string): Promise<number> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName('social'), Key: messageKeys.quota(userId, month), ConsistentRead: true }),
  );
  return Number(result.Item?.used ?? 0);
}

/** Takes one message from the month's allowance; the count after taking it, or null when none is left. */
export async function takeMessageAllowance(
  userId: string,
  month: string,
  limit: number,
  now: Date,
): Promise<number | null> {
  try {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('social'),
        Key: messageKeys.quota(userId, month),
        UpdateExpression:
          'SET used = if_not_exists(used, :zero) + :one, entity = :entity, userId = :userId, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(used) OR used < :limit',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':limit': limit,
          ':entity': 'MessageQuota',
          ':userId': userId,
          ':expiresAt': Math.floor(now.getTime() / 1000) + QUOTA_RETENTION_SECONDS,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.used ?? 0);
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}

/** Gives back an allowance taken for a message that was then not sent. */
export async function returnMessageAllowance(userId: string, month: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('social'),
        Key: messageKeys.quota(userId, month),
        UpdateExpression: 'SET used = used - :one',
        ConditionExpression: 'used > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Stores a message; `alsoPutFor` (an idempotency record, built from the stored message) commits with it. */
export async function putMessage(
  senderId: string,
  recipientId: string,
  text: string,
  now: Date,
  alsoPutFor?: (message: StoredMessage) => NonNullable<ConstructorParameters<typeof PutCommand>[0]>,
): Promise<StoredMessage> {
  const message: StoredMessage = { id: ulid(now.getTime()), senderId, recipientId, text, sentAt: now.toISOString() };
  const put = {
    TableName: tableName('social'),
    Item: { ...messageKeys.message(senderId, recipientId, message.id), entity: 'Message', ...message },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  if (alsoPutFor)
    await dynamo().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, { Put: alsoPutFor(message) }] }));
  else await dynamo().send(new PutCommand(put));
  return message;
}

export interface MessagePage {
  /** Newest first. */
  messages: StoredMessage[];
  /** The sk of the oldest message read when older ones remain. */
  olderThan: string | null;
}

/** One page of a conversation, newest first, from before `olderThan` (a message sk) if given. */
export async function listMessages(
  a: string,
  b: string,
  limit: number,
  olderThan: string | null,
): Promise<MessagePage> {
  const { pk, skPrefix } = messageKeys.messagesOf(a, b);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('social'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ...(olderThan ? { ExclusiveStartKey: { pk, sk: olderThan } } : {}),
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const messages = (result.Items ?? []).map((item) => ({
    id: String(item.id),
    senderId: String(item.senderId),
    recipientId: String(item.recipientId),
    text: String(item.text),
    sentAt: String(item.sentAt),
  }));
  const last = result.LastEvaluatedKey;
  return { messages, olderThan: last ? String(last.sk) : null };
}

/** Removes a whole conversation; returns how many messages it held. */
export async function deleteConversation(a: string, b: string): Promise<number> {
  const { pk, skPrefix } = messageKeys.messagesOf(a, b);
  return (await deleteItemsByPrefix(tableName('social'), { pk, prefix: skPrefix })).length;
}

/** Removes the member's monthly counters. */
export async function deleteMessageQuotas(userId: string): Promise<number> {
  const { pk, skPrefix } = messageKeys.quotasOfUser(userId);
  return (await deleteItemsByPrefix(tableName('social'), { pk, prefix: skPrefix })).length;
}
