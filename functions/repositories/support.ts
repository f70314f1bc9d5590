import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { outboxPut, type OutboxMessage } from './email';
import { idempotencyRecordPut, type IdempotencyClaim } from './idempotency-records';
import { supportKeys } from './keys';

/**
 * Support requests (social table). A request is not stored: it becomes one outbox message to the support address.
 *
 * | item | pk | sk |
 * |---|---|---|
 * | hourly counter (TTL) | `USER#<sub>` | `SUPPORT_WINDOW#<hour>` |
 */
const social = () => tableName('social');

/** Counts one request in the hour starting `hourStart`; false once `limit` were counted. */
export async function takeSupportAllowance(userId: string, hourStart: Date, limit: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: social(),
        Key: supportKeys.supportWindow(userId, hourStart.toISOString()),
        UpdateExpression: 'SET entity = :entity, expiresAt = :expires ADD requests :one',
        ConditionExpression: 'attribute_not_exists(requests) OR requests < :limit',
        ExpressionAttributeValues: {
          ':entity': 'SupportWindow',
          ':expires': Math.floor(hourStart.getTime() / 1000) + 7200,
          ':one': 1,
          ':limit': limit,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Queues the mail and, under an `Idempotency-Key`, the answer in one transaction: a retry finds the answer and
 * queues nothing more, even when the first attempt's reply was lost after the commit.
 */
export async function queueSupportMail(
  message: OutboxMessage,
  now: Date,
  idempotency: { claim: IdempotencyClaim; answer: unknown } | null,
): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: outboxPut(message, now) },
        ...(idempotency ? [{ Put: idempotencyRecordPut(idempotency.claim, idempotency.answer, now) }] : []),
      ],
    }),
  );
}
