/**
 * How many Strava calls webhook events may spend per athlete and quarter hour. The webhook is public and Strava does
 * not sign events, so 100 forged events for one athlete must not spend the app's shared 15-minute budget (which every
 * other user's sync needs). The limit is config (stravaWebhookCallsPerAthlete). One conditional counter per athlete and quarter (rateLimits table, TTL'd), one write.
 *
 * | Item                         | pk                            | sk                         |
 * |------------------------------|-------------------------------|----------------------------|
 * | Athlete's webhook budget     | STRAVA_WEBHOOK#<athleteId>    | QUARTER#<quarter start ISO> |
 * | Athlete's pending message    | STRAVA_WEBHOOK#<athleteId>    | PENDING#<kind>             |
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { fifteenMinuteWindowStart, nextFifteenMinuteWindowStart } from '../domain/rate-limit';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { stravaWebhookKeys } from './keys';
import { writeIfCondition } from './batch';

export const stravaWebhookBudgetKey = (athleteId: number, now: Date) =>
  stravaWebhookKeys.budget(athleteId, fifteenMinuteWindowStart(now));

/** True when one more webhook-driven Strava call for this athlete fits its quarter's budget (and counts it). */
export async function takeWebhookCall(athleteId: number, now: Date, limit: number): Promise<boolean> {
  return writeIfCondition(
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
}

export type WebhookMessageKind = 'activities' | 'deauthorization';

export const stravaWebhookPendingKey = (athleteId: number, kind: WebhookMessageKind) =>
  stravaWebhookKeys.pending(athleteId, kind);

/**
 * True when no message of this kind is pending for the athlete (and marks one pending): the caller enqueues it.
 * A mark older than `staleAfterSeconds` (a message lost) no longer holds events back.
 */
export async function claimWebhookMessage(
  athleteId: number,
  kind: WebhookMessageKind,
  now: Date,
  staleAfterSeconds: number,
): Promise<boolean> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return writeIfCondition(
    new PutCommand({
      TableName: tableName('rateLimits'),
      Item: {
        ...stravaWebhookPendingKey(athleteId, kind),
        entity: 'StravaWebhookPending',
        expiresAt: nowSeconds + staleAfterSeconds,
      },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
      ExpressionAttributeValues: { ':now': nowSeconds },
    }),
  );
}

/** The worker took the athlete's message: events from now on queue a new one. */
export async function releaseWebhookMessage(athleteId: number, kind: WebhookMessageKind): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: tableName('rateLimits'), Key: stravaWebhookPendingKey(athleteId, kind) }),
  );
}
