import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
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
 * | the member's open Checkout Session (id, url, when Stripe expires it) | `USER#<sub>` | `BILLING_CHECKOUT` |
 * | what a deleted account leaves to end at Stripe (no user id in it; gone once done) | `BILLING_STRIPE_CLEANUP` | `customer#<cus id>` or `checkout#<cs id>` |
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

/** A Checkout Session a member opened and has not finished: at most one is payable at a time. */
export interface OpenCheckout {
  sessionId: string;
  url: string;
  /** When Stripe expires it (its `expires_at`). */
  expiresAt: string;
}

export async function getOpenCheckout(userId: string): Promise<OpenCheckout | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: users(), Key: billingKeys.openCheckout(userId), ConsistentRead: true }),
  );
  const item = result.Item;
  if (!item) return null;
  return { sessionId: String(item.sessionId), url: String(item.url), expiresAt: String(item.sessionExpiresAt) };
}

/**
 * Records the member's new open session in place of `replaced` (the one read before it was created, or none). False
 * when another checkout recorded a session in between: the caller's new session is then the extra one.
 */
export async function saveOpenCheckout(
  userId: string,
  checkout: OpenCheckout,
  replaced: string | null,
  now: Date,
): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: users(),
        Item: {
          ...billingKeys.openCheckout(userId),
          entity: 'BillingCheckout',
          sessionId: checkout.sessionId,
          url: checkout.url,
          sessionExpiresAt: checkout.expiresAt,
          createdAt: now.toISOString(),
          // TTL: gone a day after Stripe expires the session, whatever happened to it.
          expiresAt: Math.floor(new Date(checkout.expiresAt).getTime() / 1000) + 86_400,
        },
        ...(replaced
          ? { ConditionExpression: 'sessionId = :replaced', ExpressionAttributeValues: { ':replaced': replaced } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** The session is finished (completed or expired): forget it, unless a newer one took its place. */
export async function forgetOpenCheckout(userId: string, sessionId: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: users(),
        Key: billingKeys.openCheckout(userId),
        ConditionExpression: 'sessionId = :id',
        ExpressionAttributeValues: { ':id': sessionId },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * Something a deleted account leaves to end at Stripe: a customer (its subscriptions are cancelled) or an open
 * Checkout Session (expired). Kept until the cancellation job has done it; nothing in it names the person.
 */
export interface StripeCleanup {
  kind: 'customer' | 'checkout';
  stripeId: string;
  /** For a customer: the subscription the plan followed (cancelled even if it moved to another customer). */
  subscriptionId: string | null;
  attempts: number;
  dueAt: string;
}

const cleanupKey = (kind: StripeCleanup['kind'], stripeId: string) =>
  kind === 'customer' ? billingKeys.stripeCustomerCleanup(stripeId) : billingKeys.stripeCheckoutCleanup(stripeId);

/** Queues a cleanup; queuing the same one again (a retried deletion) keeps the first. */
export async function queueStripeCleanup(
  kind: StripeCleanup['kind'],
  stripeId: string,
  subscriptionId: string | null,
  now: Date,
): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: users(),
        Item: {
          ...cleanupKey(kind, stripeId),
          entity: 'StripeCleanup',
          kind,
          stripeId,
          subscriptionId,
          attempts: 0,
          dueAt: now.toISOString(),
          queuedAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** The cleanups due by `now` (one small partition, read whole). */
export async function dueStripeCleanups(now: Date): Promise<StripeCleanup[]> {
  const due: StripeCleanup[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: users(),
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'dueAt <= :now',
        ExpressionAttributeValues: { ':pk': billingKeys.stripeCleanupPartition, ':now': now.toISOString() },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? [])
      due.push({
        kind: item.kind === 'checkout' ? 'checkout' : 'customer',
        stripeId: String(item.stripeId),
        subscriptionId: typeof item.subscriptionId === 'string' ? item.subscriptionId : null,
        attempts: Number(item.attempts ?? 0),
        dueAt: String(item.dueAt),
      });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return due;
}

export async function finishStripeCleanup(cleanup: Pick<StripeCleanup, 'kind' | 'stripeId'>): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: users(), Key: cleanupKey(cleanup.kind, cleanup.stripeId) }));
}

/** Moves a cleanup Stripe failed to do to `retryAt`, counting the attempt. */
export async function postponeStripeCleanup(
  cleanup: Pick<StripeCleanup, 'kind' | 'stripeId'>,
  retryAt: Date,
): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: users(),
        Key: cleanupKey(cleanup.kind, cleanup.stripeId),
        UpdateExpression: 'SET dueAt = :due ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':due': retryAt.toISOString(), ':one': 1 },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}
