import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAST_DUE_GRACE_DAYS } from '../../../functions/domain/billing';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import { BillingRedirectResponse } from '../../../functions/shared/schemas/billing';
import Stripe from 'stripe';
import { stripeClientOptions, type StripeSimulator } from '../../../infra/local/simulators/stripe';
import { callRoute, userClaims } from '../../support/api-events';
import { billingItem, checkout, DAY_MS, deliver, newMember, plan, startBillingWorld, subscribe } from './helpers';

let sim: StripeSimulator;
let statuses: number[];

beforeAll(async () => {
  ({ sim, statuses } = await startBillingWorld());
});
afterAll(() => sim.stop());
beforeEach(() => {
  // A fresh Stripe world (its clock back to now); the webhook endpoint stays.
  sim.control.reset();
  statuses.length = 0;
});

const periodEndOf = (subscriptionId: string) => {
  const subscription = sim.control.subscriptions().find((s) => s.id === subscriptionId)!;
  const item = (subscription.items as { data: { current_period_start: number; current_period_end: number }[] })
    .data[0]!;
  return { start: item.current_period_start * 1000, end: item.current_period_end * 1000 };
};

describe('buying Premium', () => {
  it('checkout, then the webhooks, make a free member Premium until the period ends', async () => {
    const ana = newMember();
    expect(await plan(ana)).toEqual({
      plan: 'free',
      premiumUntil: null,
      cancelAtPeriodEnd: false,
      pastDue: null,
      canManageBilling: false,
    });

    const answer = await callRoute('post-billing-checkout', { claims: userClaims(ana, 'ana@example.com') });
    expect(answer.status).toBe(200);
    const { url } = BillingRedirectResponse.parse(answer.json);
    expect(url.startsWith(`${sim.url}/c/pay/cs_test_`)).toBe(true);
    const session = sim.control.sessions().at(-1)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      currency: 'cad',
      amount_total: 900,
      client_reference_id: ana,
      customer_email: 'ana@example.com',
      automatic_tax: { enabled: true },
      success_url: 'http://localhost:3000/profile/billing?checkout=success',
      cancel_url: 'http://localhost:3000/profile/billing?checkout=cancelled',
    });
    // Nothing changes until Stripe says it was paid.
    expect((await plan(ana)).plan).toBe('free');

    // The hosted page, with the success test card.
    const paid = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'ana@example.com', card: '4242 4242 4242 4242' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(statuses).toEqual([200, 200, 200]);

    const subscriptionId = String(sim.control.sessions().at(-1)!.subscription);
    expect(await plan(ana)).toEqual({
      plan: 'premium',
      premiumUntil: new Date(periodEndOf(subscriptionId).end).toISOString(),
      cancelAtPeriodEnd: false,
      pastDue: null,
      canManageBilling: true,
    });
  });

  it('a declined card changes nothing', async () => {
    const ben = newMember();
    const sessionId = await checkout(ben);
    expect(await sim.control.payCheckout(sessionId, { card: '4000000000000002' })).toBe('declined');
    expect(statuses).toEqual([]);
    expect((await plan(ben)).plan).toBe('free');
  });

  it('refuses a second checkout while Premium, and opens the portal only for a member with a billing account', async () => {
    const cai = newMember();
    const noAccount = await callRoute('post-billing-portal', { claims: userClaims(cai) });
    expect(noAccount.status).toBe(409);
    expect(ApiErrorBody.parse(noAccount.json).error.code).toBe('no_billing_account');

    await subscribe(sim, cai);
    const again = await callRoute('post-billing-checkout', { claims: userClaims(cai) });
    expect(again.status).toBe(409);
    expect(ApiErrorBody.parse(again.json).error.code).toBe('already_premium');

    const portal = await callRoute('post-billing-portal', { claims: userClaims(cai) });
    expect(portal.status).toBe(200);
    expect(BillingRedirectResponse.parse(portal.json).url.startsWith(`${sim.url}/p/session/bps_test_`)).toBe(true);
  });

  it('needs a signed-in caller for checkout, the portal and the plan', async () => {
    for (const id of ['post-billing-checkout', 'post-billing-portal', 'get-billing'])
      expect((await callRoute(id)).status, id).toBe(401);
  });
});

describe('one open checkout at a time', () => {
  const openSessions = () => sim.control.sessions().filter((s) => s.status === 'open');

  it('answers the same open session again: a member can never pay two', async () => {
    const gil = newMember();
    const first = await checkout(gil);
    const second = await checkout(gil);
    expect(second).toBe(first);
    expect(openSessions().map((s) => s.id)).toEqual([first]);

    // Two at once: whichever records its session second expires it and answers the first's.
    const hal = newMember();
    const [a, b] = await Promise.all([checkout(hal), checkout(hal)]);
    expect(a).toBe(b);
    expect(openSessions().filter((s) => s.client_reference_id === hal)).toHaveLength(1);
  });

  it('opens a new session once the last one expired, and refuses one once the last one was paid', async () => {
    const ivy = newMember();
    const first = await checkout(ivy);
    const stripe = new Stripe(sim.secretKey, { ...stripeClientOptions(sim.url), maxNetworkRetries: 0 });
    await stripe.checkout.sessions.expire(first);
    const second = await checkout(ivy);
    expect(second).not.toBe(first);

    // Paid, and its webhooks not here yet: still no second payable session.
    sim.control.holdDeliveries(true);
    await sim.control.payCheckout(second);
    const again = await callRoute('post-billing-checkout', { claims: userClaims(ivy) });
    expect(again.status).toBe(409);
    expect(ApiErrorBody.parse(again.json).error.code).toBe('already_premium');
    expect(openSessions()).toEqual([]);
  });

  it('cancels a second paid subscription of a member who already has Premium; their plan keeps the first', async () => {
    const jon = newMember();
    const firstId = await subscribe(sim, jon);
    const before = await plan(jon);
    // A session opened outside the one-at-a-time rule (an old one, or made in Stripe's Dashboard).
    const stripe = new Stripe(sim.secretKey, { ...stripeClientOptions(sim.url), maxNetworkRetries: 0 });
    const extra = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: sim.price.id, quantity: 1 }],
      customer: (await billingItem(jon))!.customerId as string,
      client_reference_id: jon,
      subscription_data: { metadata: { trailbuddyUserId: jon } },
      success_url: 'http://localhost:3000/profile?checkout=success',
    });
    await sim.control.payCheckout(extra.id);
    const extraId = String(sim.control.sessions().find((s) => s.id === extra.id)!.subscription);

    const statusOf = (id: string) => sim.control.subscriptions().find((s) => s.id === id)!.status;
    expect(statusOf(extraId)).toBe('canceled');
    expect(statusOf(firstId)).toBe('active');
    expect((await billingItem(jon))!.subscriptionId).toBe(firstId);
    expect(await plan(jon)).toEqual(before);
  });
  it('a new purchase after a lapsed one (past due beyond the grace) wins: the old subscription is cancelled', async () => {
    const kim = newMember();
    // The first subscription's renewal failed 10 days ago: past the grace, free, while Stripe still retries the card.
    sim.control.advanceClock(-40 * DAY_MS);
    const lapsedId = await subscribe(sim, kim);
    await sim.control.renew(lapsedId, 'failed');
    expect((await plan(kim)).plan).toBe('free');

    const newId = await subscribe(sim, kim);
    const statusOf = (id: string) => sim.control.subscriptions().find((s) => s.id === id)!.status;
    expect(statusOf(lapsedId)).toBe('canceled');
    expect(statusOf(newId)).toBe('active');
    expect((await billingItem(kim))!.subscriptionId).toBe(newId);
    expect((await plan(kim)).plan).toBe('premium');
  });
});

describe('the webhook', () => {
  it('refuses a forged, tampered, unsigned or stale event with a 400, and nothing changes', async () => {
    const dee = newMember();
    sim.control.holdDeliveries(true);
    await sim.control.payCheckout(await checkout(dee));
    const held = sim.control.held();
    const created = held.find((d) => d.type === 'customer.subscription.created')!;

    const forged = { payload: created.payload, signature: sim.control.sign(created.payload, 'whsec_not_ours') };
    const tampered = { payload: created.payload.replace('"active"', '"trialing"'), signature: created.signature };
    const unsigned = { payload: created.payload, signature: '' };
    const stale = {
      payload: created.payload,
      signature: sim.control.sign(created.payload, undefined, Math.floor(Date.now() / 1000) - 301),
    };
    for (const attempt of [forged, tampered, unsigned, stale]) {
      const answer = await deliver(attempt);
      expect(answer.status).toBe(400);
      expect(ApiErrorBody.parse(answer.json).error.code).toBe('invalid_signature');
    }
    expect(await billingItem(dee)).toBeUndefined();
    expect((await plan(dee)).plan).toBe('free');

    // The genuine deliveries of the same events are accepted.
    await sim.control.release();
    expect((await plan(dee)).plan).toBe('premium');
  });

  it('applies an event once: a replay changes nothing', async () => {
    const eve = newMember();
    await subscribe(sim, eve);
    const before = await billingItem(eve);
    const applied = sim.control.events().filter((e) => e.data.object.customer === before!.customerId);
    expect(applied.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    for (const event of applied) expect(await sim.control.resend(event.id)).toBe(200);
    expect(await billingItem(eve)).toEqual(before);
  });

  it('ends in the right state whatever order the events arrive in (deleted before updated and created)', async () => {
    const fay = newMember();
    sim.control.holdDeliveries(true);
    await sim.control.payCheckout(await checkout(fay));
    const subscriptionId = String(sim.control.sessions().at(-1)!.subscription);
    await sim.control.cancelAtPeriodEnd(subscriptionId);
    await sim.control.cancelNow(subscriptionId);
    const held = sim.control.held();
    const idOf = (type: string) => held.find((d) => d.type === type)!.eventId;
    // Newest first, and the subscription's creation last of all: its copy of the subscription is the stalest.
    const order = [
      'customer.subscription.deleted',
      'customer.subscription.updated',
      'invoice.paid',
      'checkout.session.completed',
      'customer.subscription.created',
    ].map(idOf);
    expect(held.map((d) => d.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    await sim.control.release(order);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await plan(fay)).toMatchObject({ plan: 'free', canManageBilling: true });
    expect((await billingItem(fay))!.status).toBe('canceled');
  });

  it('ends in the right state when a cancellation arrives before the checkout that started it', async () => {
    const gus = newMember();
    sim.control.holdDeliveries(true);
    await sim.control.payCheckout(await checkout(gus));
    const subscriptionId = String(sim.control.sessions().at(-1)!.subscription);
    await sim.control.cancelAtPeriodEnd(subscriptionId);
    const held = sim.control.held();
    const idOf = (type: string) => held.find((d) => d.type === type)!.eventId;
    await sim.control.release(
      [
        'customer.subscription.updated',
        'checkout.session.completed',
        'invoice.paid',
        'customer.subscription.created',
      ].map(idOf),
    );
    expect(await plan(gus)).toMatchObject({
      plan: 'premium',
      cancelAtPeriodEnd: true,
      premiumUntil: new Date(periodEndOf(subscriptionId).end).toISOString(),
    });
  });
});

describe('keeping and losing Premium', () => {
  it('renews: a paid renewal moves Premium to the next period', async () => {
    const hal = newMember();
    const subscriptionId = await subscribe(sim, hal);
    const first = periodEndOf(subscriptionId);
    await sim.control.renew(subscriptionId);
    const renewed = periodEndOf(subscriptionId);
    expect(renewed.start).toBe(first.end);
    expect(await plan(hal)).toMatchObject({ plan: 'premium', premiumUntil: new Date(renewed.end).toISOString() });
  });

  it(`a failed renewal marks past_due and keeps Premium for a ${PAST_DUE_GRACE_DAYS}-day grace`, async () => {
    const ivy = newMember();
    const subscriptionId = await subscribe(sim, ivy);
    await sim.control.renew(subscriptionId, 'failed');
    expect(sim.control.events('invoice.payment_failed').length).toBeGreaterThan(0);
    const { start } = periodEndOf(subscriptionId);
    const graceEndsAt = new Date(start + PAST_DUE_GRACE_DAYS * DAY_MS).toISOString();
    expect(await plan(ivy)).toMatchObject({ plan: 'premium', premiumUntil: graceEndsAt, pastDue: { graceEndsAt } });
  });

  it('after the grace period of a failed renewal, the free plan is back', async () => {
    const jo = newMember();
    // The subscription began 40 days ago: its renewal failed 10 days ago, 3 days past the grace.
    sim.control.advanceClock(-40 * DAY_MS);
    const subscriptionId = await subscribe(sim, jo);
    await sim.control.renew(subscriptionId, 'failed');
    expect((await billingItem(jo))!.status).toBe('past_due');
    expect(await plan(jo)).toMatchObject({ plan: 'free', pastDue: null });
  });

  it('cancel at period end keeps Premium until then, and the free plan after', async () => {
    const kim = newMember();
    const subscriptionId = await subscribe(sim, kim);
    const customer = (await billingItem(kim))!.customerId as string;
    // Through the portal's own page, as a member would.
    const portal = await callRoute('post-billing-portal', { claims: userClaims(kim) });
    const { url } = BillingRedirectResponse.parse(portal.json);
    const cancelled = await fetch(`${url}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscription: subscriptionId }).toString(),
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(302);
    expect(customer).toMatch(/^cus_/);
    expect(await plan(kim)).toMatchObject({
      plan: 'premium',
      cancelAtPeriodEnd: true,
      premiumUntil: new Date(periodEndOf(subscriptionId).end).toISOString(),
    });
    // At the period's end Stripe ends the subscription.
    await sim.control.renew(subscriptionId);
    expect(sim.control.events('customer.subscription.deleted').at(-1)!.data.object.id).toBe(subscriptionId);
    expect((await plan(kim)).plan).toBe('free');
  });

  it('a cancelled subscription whose period has passed is free even before Stripe says it ended', async () => {
    const lea = newMember();
    sim.control.advanceClock(-40 * DAY_MS);
    const subscriptionId = await subscribe(sim, lea);
    await sim.control.cancelAtPeriodEnd(subscriptionId);
    expect(await plan(lea)).toMatchObject({ plan: 'free' });
  });

  it('a refund ends Premium (the subscription is cancelled at Stripe)', async () => {
    const max = newMember();
    const subscriptionId = await subscribe(sim, max);
    await sim.control.refund(subscriptionId);
    expect(await plan(max)).toMatchObject({ plan: 'free' });
    expect((await billingItem(max))!.endedBy).toBe('refund');
    expect(sim.control.subscriptions().find((s) => s.id === subscriptionId)!.status).toBe('canceled');
  });

  it('a dispute ends Premium', async () => {
    const ned = newMember();
    const subscriptionId = await subscribe(sim, ned);
    await sim.control.dispute(subscriptionId);
    expect(await plan(ned)).toMatchObject({ plan: 'free' });
    expect((await billingItem(ned))!.endedBy).toBe('dispute');
  });
});
