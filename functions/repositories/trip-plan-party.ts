import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { outboxPut, type OutboxMessage } from './email';
import { tripKeys } from './keys';
import type { TripPlanRecord } from './trip-plans';

/**
 * social table: changes to a trip plan's party after it was filed (the items are those of
 * functions/repositories/trip-plans.ts). A person who no longer takes part in the plan's activity leaves its party:
 * their entry in `party` goes with a condition on that very entry (so two people leaving at once cannot overwrite
 * each other: the second write fails and is read again), their member item goes, and the contacts' emails are
 * written in the same transaction. A party left empty closes the plan.
 */
const table = () => tableName('social');

function conditionFailed(error: unknown): boolean {
  if (
    error instanceof TransactionCanceledException ||
    (error instanceof Error && error.name === 'TransactionCanceledException')
  ) {
    return ((error as TransactionCanceledException).CancellationReasons ?? []).some(
      (r) => r.Code === 'ConditionalCheckFailed',
    );
  }
  return isConditionalCheckFailure(error);
}

async function transact(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<boolean> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/** How a plan closes without anyone checking in: off the due index, every item expiring at `expiresAt`. */
function closing(now: Date, expiresAt: number) {
  return {
    set: '#status = :closed, closedAt = :at, expiresAt = :ttl, dueAt = :null',
    remove: 'gsi1pk, gsi1sk',
    values: { ':closed': 'closed', ':at': now.toISOString(), ':ttl': expiresAt, ':null': null },
  };
}

function linkExpiry(plan: TripPlanRecord, expiresAt: number) {
  return {
    Update: {
      TableName: table(),
      Key: tripKeys.link(plan.tokenHash),
      UpdateExpression: 'SET expiresAt = :ttl',
      ExpressionAttributeValues: { ':ttl': expiresAt },
    },
  };
}

/**
 * Takes `userId` off the plan's party, as read in `plan`: false when the plan changed meanwhile (read it again).
 * `closeWithExpiry` closes the plan in the same write (the last member left); the emails go only if it commits.
 */
export async function leaveTripParty(
  plan: TripPlanRecord,
  userId: string,
  emails: readonly OutboxMessage[],
  closeWithExpiry: number | null,
  now: Date,
): Promise<boolean> {
  const index = plan.party.findIndex((m) => m.userId === userId);
  if (index < 0) return true;
  const close = closeWithExpiry === null ? null : closing(now, closeWithExpiry);
  return transact([
    {
      Update: {
        TableName: table(),
        Key: tripKeys.plan(plan.id),
        UpdateExpression: close ? `SET ${close.set} REMOVE party[${index}], ${close.remove}` : `REMOVE party[${index}]`,
        ConditionExpression: `party[${index}].userId = :user AND size(party) = :size AND #status = :seen`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':user': userId,
          ':size': plan.party.length,
          ':seen': plan.status,
          ...(close?.values ?? {}),
        },
      },
    },
    { Delete: { TableName: table(), Key: tripKeys.member(plan.id, userId) } },
    ...(closeWithExpiry === null ? [] : [linkExpiry(plan, closeWithExpiry)]),
    ...emails.map((email) => ({ Put: outboxPut(email, now) })),
  ]);
}

/** A member item whose person is no longer in the party (left over by an interrupted change): it goes. */
export async function dropTripMemberItem(planId: string, userId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: tripKeys.member(planId, userId) }));
}

/**
 * Closes an open plan that nobody checked in on (its activity was called off), with the contacts' emails; the party
 * stays as it was. False when it was no longer open.
 */
export async function callOffTripPlan(
  plan: TripPlanRecord,
  expiresAt: number,
  emails: readonly OutboxMessage[],
  now: Date,
): Promise<boolean> {
  const close = closing(now, expiresAt);
  return transact([
    {
      Update: {
        TableName: table(),
        Key: tripKeys.plan(plan.id),
        UpdateExpression: `SET ${close.set} REMOVE ${close.remove}`,
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...close.values, ':open': 'open' },
      },
    },
    ...plan.party.map((m) => ({
      Update: {
        TableName: table(),
        Key: tripKeys.member(plan.id, m.userId),
        UpdateExpression: 'SET expiresAt = :ttl',
        ExpressionAttributeValues: { ':ttl': expiresAt },
      },
    })),
    linkExpiry(plan, expiresAt),
    ...emails.map((email) => ({ Put: outboxPut(email, now) })),
  ]);
}
