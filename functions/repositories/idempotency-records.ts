import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import type { IdempotencyClaim, IdempotencyRecord } from '../lib/idempotency';
import { idempotencyKeys } from './keys';

export type { IdempotencyClaim, IdempotencyRecord };

/**
 * social table: the answer a creating request gave, kept under the `Idempotency-Key` its client sent, so a retry
 * gets the first answer instead of doing the work again.
 *
 * | item | pk | sk |
 * |---|---|---|
 * | record | `IDEMPOTENCY#<userId>` | `<routeId>#<key>` |
 *
 * A use case whose work ends in one transaction puts the record in that same transaction (`idempotencyRecordPut`):
 * the work and the record commit together or not at all, so even a request that failed after the commit (a stalled
 * database, a timeout) finds its record on the retry. Other routes' records are written right after the work.
 * Records live 24 hours (Stripe's window for its keys), by TTL and by the read below (TTL may run days late).
 */
export const IDEMPOTENCY_RECORD_LIFETIME_S = 24 * 60 * 60;

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The Put (for a transaction or on its own) that keeps `body` as the answer to `claim`; it never overwrites one. */
export function idempotencyRecordPut(claim: IdempotencyClaim, body: unknown, now: Date) {
  return {
    TableName: tableName('social'),
    Item: {
      ...idempotencyKeys.record(claim.userId, claim.routeId, claim.key),
      entity: 'IdempotencyRecord',
      fingerprint: claim.fingerprint,
      // Kept as text: the answer is replayed exactly as it was sent, whatever its shape.
      body: JSON.stringify(body ?? null),
      createdAt: now.toISOString(),
      expiresAt: epochSeconds(now) + IDEMPOTENCY_RECORD_LIFETIME_S,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}

/** Keeps the answer unless a record is already there (a concurrent retry's: the first one stays). */
export async function putIdempotencyRecord(claim: IdempotencyClaim, body: unknown, now: Date): Promise<void> {
  try {
    await dynamo().send(new PutCommand(idempotencyRecordPut(claim, body, now)));
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

export async function getIdempotencyRecord(claim: IdempotencyClaim, now: Date): Promise<IdempotencyRecord | null> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName('social'),
      Key: idempotencyKeys.record(claim.userId, claim.routeId, claim.key),
      ConsistentRead: true,
    }),
  );
  const item = result.Item;
  if (!item || (typeof item.expiresAt === 'number' && item.expiresAt <= epochSeconds(now))) return null;
  return { fingerprint: String(item.fingerprint), body: JSON.parse(String(item.body)) as unknown };
}
