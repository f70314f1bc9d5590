import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { tombstoneKeys } from './keys';

/**
 * An account's status and what is kept after an account is deleted, users table, outside the user's own partition
 * (the sweep of USER#<id> must not take it) and with nothing personal in it:
 * - the account-status item, pk DELETED_USER#<sub>, `status` 'deleted' or 'suspended', read on every authenticated
 *   request so a token Cognito issued before the deletion or suspension is refused: a deletion's until the token
 *   has certainly expired (TTL after that), a suspension's for as long as it lasts (no TTL). Items written before
 *   suspensions existed have no `status`: they are deletions;
 * - a keyed hash of their email for the quota month, pk DELETED_EMAIL#<hmac>, sk QUOTA#<yyyy-mm>, with the
 *   messages they had used, so deleting and re-creating an account does not reset the monthly allowance
 *   (TTL at the end of that month).
 */
const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export type AccountStatus = 'active' | 'deleted' | 'suspended';

export async function putDeletedUserTombstone(userId: string, now: Date, keepUntil: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('users'),
      Item: {
        ...tombstoneKeys.accountStatus(userId),
        entity: 'DeletedUser',
        status: 'deleted',
        deletedAt: now.toISOString(),
        expiresAt: epochSeconds(keepUntil),
      },
    }),
  );
}

/**
 * Marks the account suspended (kept until lifted, no TTL). A deleted account stays deleted: its tombstone, and its
 * expiry, are left as they are.
 */
export async function putAccountSuspended(userId: string, now: Date): Promise<void> {
  await dynamo()
    .send(
      new PutCommand({
        TableName: tableName('users'),
        Item: {
          ...tombstoneKeys.accountStatus(userId),
          entity: 'SuspendedAccount',
          status: 'suspended',
          suspendedAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #status = :suspended',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':suspended': 'suspended' },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * The check every authenticated request makes: one strongly consistent GetItem of two small attributes (1 RCU),
 * so a deletion or a suspension holds from the next request on.
 */
export async function accountStatusOf(userId: string): Promise<AccountStatus> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName('users'),
      Key: tombstoneKeys.accountStatus(userId),
      ConsistentRead: true,
      ProjectionExpression: 'pk, #status',
      ExpressionAttributeNames: { '#status': 'status' },
    }),
  );
  if (!result.Item) return 'active';
  return result.Item.status === 'suspended' ? 'suspended' : 'deleted';
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
