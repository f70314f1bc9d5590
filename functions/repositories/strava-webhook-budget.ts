/**
 * How many Strava calls webhook events may spend per athlete and quarter hour. The webhook is public and Strava does
 * not sign events, so 100 forged events for one athlete must not spend the app's shared 15-minute budget (which every
 * other user's sync needs). The limit is config (stravaWebhookCallsPerAthlete). One conditional counter per athlete and quarter (rateLimits table, TTL'd), one write.
 *
 * | Item                         | pk                            | sk                         |
 * |------------------------------|-------------------------------|----------------------------|
 * | Athlete's webhook budget     | STRAVA_WEBHOOK#<athleteId>    | QUARTER#<quarter start ISO> |
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { fifteenMinuteWindowStart, nextFifteenMinuteWindowStart } from '../domain/rate-limit';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';

export const stravaWebhookBudgetKey = (athleteId: number, now: Date) => ({
  pk: `STRAVA_WEBHOOK#${athleteId}`,
  sk: `QUARTER#${fifteenMinuteWindowStart(now).toISOString()}`,
});

/** True when one more webhook-driven Strava call for this athlete fits its quarter's budget (and counts it). */
export async function takeWebhookCall(athleteId: number, now: Date, limit: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: stravaWebhookBudgetKey(athleteId, now),
        UpdateExpression: 'SET calls = if_not_exists(calls, :zero) + :one, entity = :entity, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(calls) OR calls < :limit',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':limit': limit,
          ':entity': 'StravaWebhookBudget',
          ':expiresAt': Math.ceil(nextFifteenMinuteWindowStart(now).getTime() / 1000) + 3600,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
