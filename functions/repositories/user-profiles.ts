import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { keys } from './keys';

export interface UserProfileRecord {
  userId: string;
  email: string;
  createdAt: string;
}

/**
 * Creates the profile on first sight and returns it; later calls keep the first createdAt
 * and refresh the email (it can change in Cognito).
 */
export async function ensureUserProfile(userId: string, email: string, now: Date): Promise<UserProfileRecord> {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET createdAt = if_not_exists(createdAt, :now), email = :email, userId = :userId, entity = :entity',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':email': email, ':userId': userId, ':entity': 'UserProfile' },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const item = result.Attributes ?? {};
  return { userId: String(item.userId), email: String(item.email), createdAt: String(item.createdAt) };
}
