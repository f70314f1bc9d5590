import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { partnerRequestWindowKeys } from './keys';
import { writeIfCondition } from './batch';

/**
 * Per-sender partner-request counter, social table: pk USER#<id> / sk PARTNER_REQ_WINDOW#<window start>,
 * taken by one conditional update (count < limit) like the message allowance, so concurrent requests cannot pass it.
 * TTL removes a window an hour after it ends.
 */
/** Takes one request from the window's allowance; false when none is left (nothing changes then). */
export async function takePartnerRequestAllowance(
  userId: string,
  windowStart: Date,
  windowEnd: Date,
  limit: number,
): Promise<boolean> {
  return writeIfCondition(
    new UpdateCommand({
      TableName: tableName('social'),
      Key: partnerRequestWindowKeys.window(userId, windowStart.toISOString()),
      UpdateExpression:
        'SET requests = if_not_exists(requests, :zero) + :one, entity = :entity, userId = :userId, expiresAt = :expiresAt',
      ConditionExpression: 'attribute_not_exists(requests) OR requests < :limit',
      ExpressionAttributeValues: {
        ':zero': 0,
        ':one': 1,
        ':limit': limit,
        ':entity': 'PartnerRequestWindow',
        ':userId': userId,
        ':expiresAt': Math.ceil(windowEnd.getTime() / 1000) + 3600,
      },
    }),
  );
}

/** Gives back a request that was then not sent (someone else moved first). */
export async function returnPartnerRequestAllowance(userId: string, windowStart: Date): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('social'),
        Key: partnerRequestWindowKeys.window(userId, windowStart.toISOString()),
        UpdateExpression: 'SET requests = requests - :one',
        ConditionExpression: 'requests > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
