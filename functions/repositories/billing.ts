import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { nextBillingState, type BillingState } from '../domain/billing';
import { billingKeys } from './keys';

/**
 * A member's plan, in the users table under their partition (so account deletion erases it with the rest):
 *
 * | item | pk | sk |
 * |---|---|---|
 * | the plan as Stripe last left it (customer, subscription, status, period, cancel at period end, refund/dispute) | `USER#<sub>` | `BILLING` |
 * | a Stripe event already applied (kept 30 days: Stripe retries a delivery for up to 3 days) | `USER#<sub>` | `BILLING_EVENT#<event id>` |
 *
 * An event is applied once: its record and the new plan are written in one transaction that fails if the record is
 * there. The plan is written only if it is still the one read (a version), so two events applied at once cannot
 * overwrite each other with older news.
 */
const users = () => tableName('users');
const APPLIED_EVENT_LIFETIME_S = 30 * 86_400;
const MAX_ATTEMPTS = 8;

interface StoredBilling {
  state: BillingState;
  version: number;
}

async function readBilling(userId: string, consistent: boolean): Promise<StoredBilling | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: users(), Key: billingKeys.billing(userId), ConsistentRead: consistent }),
  );
  const item = result.Item;
  if (!item) return null;
  return {
    version: Number(item.version),
    state: {
      customerId: String(item.customerId),
      subscriptionId: String(item.subscriptionId),
      status: String(item.status),
      currentPeriodStart: String(item.currentPeriodStart),
      currentPeriodEnd: String(item.currentPeriodEnd),
      cancelAtPeriodEnd: item.cancelAtPeriodEnd === true,
      endedBy: item.endedBy === 'refund' || item.endedBy === 'dispute' ? item.endedBy : null,
    },
  };
}

export async function getBillingState(userId: string): Promise<BillingState | null> {
  return (await readBilling(userId, true))?.state ?? null;
}

/**
 * Applies the subscription's current state for one Stripe event; 'already-applied' when this event was applied
 * before (a retry or a replay), which changes nothing.
 */
export async function applyBillingEvent(
  userId: string,
  eventId: string,
  incoming: BillingState,
  now: Date,
): Promise<'applied' | 'already-applied'> {
  for (let attempt = 1; ; attempt++) {
    const stored = await readBilling(userId, true);
    const next = nextBillingState(stored?.state ?? null, incoming);
    const version = (stored?.version ?? 0) + 1;
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: users(),
                Item: {
                  ...billingKeys.appliedEvent(userId, eventId),
                  entity: 'BillingEvent',
                  appliedAt: now.toISOString(),
                  expiresAt: Math.floor(now.getTime() / 1000) + APPLIED_EVENT_LIFETIME_S,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: users(),
                Item: {
                  ...billingKeys.billing(userId),
                  entity: 'Billing',
                  ...next,
                  version,
                  updatedAt: now.toISOString(),
                },
                ...(stored
                  ? { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': stored.version } }
                  : { ConditionExpression: 'attribute_not_exists(pk)' }),
              },
            },
          ],
        }),
      );
      return 'applied';
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      if (reasons[0] === 'ConditionalCheckFailed') return 'already-applied';
      if (attempt >= MAX_ATTEMPTS)
        throw new ConflictError('Billing is being updated by another event. Try again.', 'concurrent_update');
    }
  }
}

function cancellationReasons(error: unknown): string[] | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'TransactionConflictException') return [];
  if (error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}
