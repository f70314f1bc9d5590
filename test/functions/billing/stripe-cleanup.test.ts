import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as cleanupJob } from '../../../functions/handlers/billing/stripe-cleanup-job';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { billingKeys, tombstoneKeys } from '../../../functions/repositories/keys';
import { accountDeletionDeps, deleteAccount } from '../../../functions/usecases/account-deletion';
import { runStripeCleanups } from '../../../functions/usecases/billing';
import type { StripeSimulator } from '../../../infra/local/simulators/stripe';
import { billingItem, checkout, DAY_MS, newMember, startBillingWorld, subscribe } from './helpers';

let sim: StripeSimulator;

beforeAll(async () => {
  // The deletion keys the email tombstone with APP_SECRET, as the local stack sets it.
  process.env.APP_SECRET ??= randomBytes(32).toString('base64url');
  ({ sim } = await startBillingWorld());
});
afterAll(() => sim.stop());
beforeEach(async () => {
  // A fresh Stripe that knows none of the leftovers of an earlier test: one run far enough ahead finishes them all.
  sim.control.reset();
  await runStripeCleanups(new Date(Date.now() + DAY_MS));
});

const deleteMember = (userId: string) =>
  deleteAccount(
    { userId, email: `${userId}@example.com` },
    new Date(),
    accountDeletionDeps(
      async () => {},
      async () => {},
    ),
  );

const statusOf = (subscriptionId: string) => sim.control.subscriptions().find((s) => s.id === subscriptionId)!.status;
const sessionStatus = (sessionId: string) => sim.control.sessions().find((s) => s.id === sessionId)!.status;

async function queued() {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('users'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': billingKeys.stripeCleanupPartition },
      ConsistentRead: true,
    }),
  );
  return result.Items ?? [];
}

describe('account deletion ends the Stripe subscription', () => {
  it('cancels a Premium member’s subscription at Stripe at once, and nothing about them is kept', async () => {
    const ana = newMember();
    const subscriptionId = await subscribe(sim, ana);
    expect(statusOf(subscriptionId)).toBe('active');

    const deleted = await deleteMember(ana);
    expect(deleted.removed.stripeCleanupsQueued).toBe(1);
    expect(await billingItem(ana)).toBeUndefined();
    // What is left to do names no one.
    expect(JSON.stringify(await queued())).not.toContain(ana);

    expect(await cleanupJob()).toEqual({ done: 1, postponed: 0 });
    expect(statusOf(subscriptionId)).toBe('canceled');
    expect(await queued()).toEqual([]);
    // The cancellation's webhook arrives for a deleted account: it stores nothing for them.
    expect(sim.control.deliveries().at(-1)).toMatchObject({ type: 'customer.subscription.deleted', status: 200 });
    expect(await billingItem(ana)).toBeUndefined();
    // Nothing left: a second run does nothing.
    expect(await cleanupJob()).toEqual({ done: 0, postponed: 0 });
  });

  it('keeps trying through a Stripe outage: the deletion itself completes, the cancellation follows', async () => {
    const ben = newMember();
    const subscriptionId = await subscribe(sim, ben);
    sim.control.outage(true);
    await deleteMember(ben);

    expect(await cleanupJob()).toEqual({ done: 0, postponed: 1 });
    expect(statusOf(subscriptionId)).toBe('active');
    const [waiting] = await queued();
    expect(waiting).toMatchObject({ attempts: 1 });
    // Not due again before its retry time.
    expect(await cleanupJob()).toEqual({ done: 0, postponed: 0 });

    sim.control.outage(false);
    expect(await runStripeCleanups(new Date(Date.now() + 2 * 60_000))).toEqual({ done: 1, postponed: 0 });
    expect(statusOf(subscriptionId)).toBe('canceled');
  });

  it('is idempotent: a subscription already cancelled, a retried deletion, a subscription Stripe no longer knows', async () => {
    const cai = newMember();
    const subscriptionId = await subscribe(sim, cai);
    await sim.control.cancelNow(subscriptionId);
    await deleteMember(cai);
    // A retried deletion (the plan item is gone by now) queues nothing more.
    expect((await deleteMember(cai)).removed.stripeCleanupsQueued).toBe(0);
    expect(await queued()).toHaveLength(1);
    expect(await cleanupJob()).toEqual({ done: 1, postponed: 0 });

    const dee = newMember();
    await subscribe(sim, dee);
    await deleteMember(dee);
    sim.control.reset(); // Stripe no longer has the customer or the subscription.
    expect(await cleanupJob()).toEqual({ done: 1, postponed: 0 });
  });

  it('expires the open checkout of a member who deletes their account, and a checkout paid anyway is cancelled', async () => {
    const eve = newMember();
    const sessionId = await checkout(eve);
    expect((await deleteMember(eve)).removed.stripeCleanupsQueued).toBe(1);
    expect(await cleanupJob()).toEqual({ done: 1, postponed: 0 });
    expect(sessionStatus(sessionId)).toBe('expired');

    // Paid in the moment before the deletion: the webhook cancels it for the deleted account and stores nothing.
    const fay = newMember();
    const paidLate = await checkout(fay);
    await deleteMember(fay);
    sim.control.holdDeliveries(true);
    await sim.control.payCheckout(paidLate);
    sim.control.holdDeliveries(false);
    await sim.control.release();
    const subscriptionId = String(sim.control.sessions().find((s) => s.id === paidLate)!.subscription);
    expect(statusOf(subscriptionId)).toBe('canceled');
    expect(await billingItem(fay)).toBeUndefined();
    expect(await cleanupJob()).toEqual({ done: 1, postponed: 0 });
  });

  it('an event about the deleted account resent by hand 30 days later (the oldest Stripe still lists) stores nothing', async () => {
    const gus = newMember();
    const subscriptionId = await subscribe(sim, gus);
    const deletedAt = Date.now();
    await deleteMember(gus);
    expect(await cleanupJob()).toEqual({ done: 1, postponed: 0 });
    expect(statusOf(subscriptionId)).toBe('canceled');
    const cancellation = sim.control.deliveries().at(-1)!;
    expect(cancellation.type).toBe('customer.subscription.deleted');

    // What DynamoDB's TTL would have removed by then is removed (the test tables run with TTL off).
    const replayAt = deletedAt + 30 * DAY_MS;
    const key = tombstoneKeys.accountStatus(gus);
    const { Item: tombstone } = await dynamo().send(new GetCommand({ TableName: tableName('users'), Key: key }));
    expect(tombstone).toBeDefined();
    if (Number(tombstone!.expiresAt) * 1000 <= replayAt)
      await dynamo().send(new DeleteCommand({ TableName: tableName('users'), Key: key }));

    expect(await sim.control.resend(cancellation.eventId)).toBe(200);
    expect(await billingItem(gus)).toBeUndefined();
  });
});
