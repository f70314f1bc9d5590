import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { keys } from './keys';
import { writeIfCondition } from './batch';

/** Records a pending authorize; TTL removes it eventually, the conditional consume enforces the life exactly. */
export async function savePendingOAuthState(
  nonce: string,
  userId: string,
  expiresAtMs: number,
  now: Date,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('users'),
      // gsi1 finds a user's pending states, so deleting the account can remove them at once.
      Item: {
        ...keys.oauthState(nonce),
        ...keys.oauthStateOfUser(userId, nonce),
        entity: 'OAuthState',
        userId,
        expiresAtMs,
        createdAt: now.toISOString(),
        expiresAt: Math.ceil(expiresAtMs / 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Deletes the pending state if it exists, belongs to `userId` and is still live; false when it was already used (or never issued). */
export async function consumePendingOAuthState(nonce: string, userId: string, now: Date): Promise<boolean> {
  return writeIfCondition(
    new DeleteCommand({
      TableName: tableName('users'),
      Key: keys.oauthState(nonce),
      ConditionExpression: 'attribute_exists(pk) AND userId = :userId AND expiresAtMs > :now',
      ExpressionAttributeValues: { ':userId': userId, ':now': now.getTime() },
    }),
  );
}
