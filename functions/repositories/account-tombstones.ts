import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { tombstoneKeys } from './keys';

/**
 * What is kept after an account is deleted, users table, outside the user's own partition (the sweep of
 * USER#<id> must not take it) and with nothing personal in it:
 * - a deleted user's id, pk DELETED_USER#<sub>, so a token Cognito issued before the deletion is refused
 *   until it has certainly expired (TTL after that);
 * - a keyed hash of their email for the quota month, pk DELETED_EMAIL#<hmac>, sk QUOTA#<yyyy-mm>, with the
 *   messages they had used, so deleting and re-creating an account does not reset the monthly allowance
 *   (TTL at the end of that month).
 */
const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export async function putDeletedUserTombstone(userId: string, now: Date, keepUntil: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('users'),
      Item: {
        ...tombstoneKeys.deletedUser(userId),
        entity: 'DeletedUser',
        deletedAt: now.toISOString(),
        expiresAt: epochSeconds(keepUntil),
      },
    }),
  );
}

/** One strongly consistent GetItem of a key-only projection (1 RCU): true once the account was deleted. */
export async function isDeletedUser(userId: string): Promise<boolean> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName('users'),
      Key: tombstoneKeys.deletedUser(userId),
      ConsistentRead: true,
      ProjectionExpression: 'pk',
    }),
  );
  return result.Item !== undefined;
}

/** Records `messagesUsed` for the month, never lowering a count already recorded (an email deleted twice in a month). */
export async function putDeletedEmailTombstone(
  emailHash: string,
  month: string,
  messagesUsed: number,
  keepUntil: Date,
): Promise<void> {
  const previous = await deletedEmailMessagesUsed(emailHash, month);
  await dynamo().send(
    new PutCommand({
      TableName: tableName('users'),
      Item: {
        ...tombstoneKeys.deletedEmail(emailHash, month),
        entity: 'DeletedEmail',
        messagesUsed: Math.max(previous, messagesUsed),
        expiresAt: epochSeconds(keepUntil),
      },
    }),
  );
}

export async function deletedEmailMessagesUsed(emailHash: string, month: string): Promise<number> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName('users'),
      Key: tombstoneKeys.deletedEmail(emailHash, month),
      ConsistentRead: true,
    }),
  );
  return Number(result.Item?.messagesUsed ?? 0);
}
