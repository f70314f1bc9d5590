import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_STRIPE_WEBHOOK_SECRET,
  parseStripeForm,
  startStripeSimulator,
  stripeClientOptions,
  TEST_CARDS,
  type SignedDelivery,
  type StripeSimulator,
} from '../../../../infra/local/simulators/stripe';

let sim: StripeSimulator;
let stripe: Stripe;
const received: SignedDelivery[] = [];

beforeAll(async () => {
  sim = await startStripeSimulator();
  stripe = new Stripe(sim.secretKey, { ...stripeClientOptions(sim.url), maxNetworkRetries: 0 });
});
afterAll(() => sim.stop());
beforeEach(() => {
  sim.control.reset();
  received.length = 0;
  sim.control.setWebhookEndpoint({
    secret: DEFAULT_STRIPE_WEBHOOK_SECRET,
    deliver: async (delivery) => {
      received.push(delivery);
      return 200;
    },
  });
});

const newSession = () =>
  stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: sim.price.id, quantity: 1 }],
    success_url: 'http://app.test/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/billing?checkout=cancelled',
    client_reference_id: 'user-1',
    subscription_data: { metadata: { trailbuddyUserId: 'user-1' } },
  });

async function submit(url: string, form: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

describe('the Stripe simulator, through the official SDK', () => {
  it('creates a Checkout Session whose hosted page takes the success card and sends verifiable webhooks', async () => {
    const session = await newSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      currency: 'cad',
    });
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('9.00 CAD');

    const paid = await submit(session.url!, { email: 'ana@example.com', card: '4242 4242 4242 4242' });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(`http://app.test/billing?checkout=success&session_id=${session.id}`);

    expect(received.map((d) => d.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    for (const delivery of received) {
      const event = stripe.webhooks.constructEvent(delivery.payload, delivery.signature, DEFAULT_STRIPE_WEBHOOK_SECRET);
      expect(event.id).toBe(delivery.eventId);
    }
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    expect(subscription).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(subscription.metadata).toEqual({ trailbuddyUserId: 'user-1' });
    const item = subscription.items.data[0]!;
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86_400);
  });

  it('refuses a signature made with another secret, and one for a tampered body', async () => {
    const session = await newSession();
    await sim.control.payCheckout(session.id);
    const delivery = received[0]!;
    expect(() => stripe.webhooks.constructEvent(delivery.payload, delivery.signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const tampered = delivery.payload.replace('"complete"', '"open"');
    expect(() => stripe.webhooks.constructEvent(tampered, delivery.signature, DEFAULT_STRIPE_WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('declines the decline card, and asks the authentication card to confirm first', async () => {
    const session = await newSession();
    const declined = await submit(session.url!, { email: 'a@example.com', card: TEST_CARDS.declined });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(received).toEqual([]);

    const asked = await submit(session.url!, { email: 'a@example.com', card: TEST_CARDS.authenticationRequired });
    expect(await asked.text()).toContain('Complete authentication');
    expect(received).toEqual([]);
    const confirmed = await submit(`${session.url!}/authenticate`, { email: 'a@example.com', decision: 'complete' });
    expect(confirmed.status).toBe(302);
    expect(received.map((d) => d.type)).toContain('checkout.session.completed');
  });

  it('renews, fails a renewal (past_due), cancels at period end through the portal, refunds and disputes', async () => {
    const session = await newSession();
    await sim.control.payCheckout(session.id);
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const firstEnd = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end;

    received.length = 0;
    await sim.control.renew(subscriptionId);
    expect(received.map((d) => d.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    const renewed = await stripe.subscriptions.retrieve(subscriptionId);
    expect(renewed.items.data[0]!.current_period_start).toBe(firstEnd);

    received.length = 0;
    await sim.control.renew(subscriptionId, 'failed');
    expect(received.map((d) => d.type)).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');
    const failedInvoice = JSON.parse(received[1]!.payload).data.object;
    expect(failedInvoice.parent.subscription_details.subscription).toBe(subscriptionId);

    const customer = (await stripe.subscriptions.retrieve(subscriptionId)).customer as string;
    const portal = await stripe.billingPortal.sessions.create({ customer, return_url: 'http://app.test/profile' });
    expect(await (await fetch(portal.url)).text()).toContain('Cancel plan');
    received.length = 0;
    const cancelled = await submit(`${portal.url}/cancel`, { subscription: subscriptionId });
    expect(cancelled.status).toBe(302);
    expect(received.map((d) => d.type)).toEqual(['customer.subscription.updated']);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);

    received.length = 0;
    await sim.control.refund(subscriptionId);
    const refunded = JSON.parse(received[0]!.payload).data.object;
    expect(received[0]!.type).toBe('charge.refunded');
    expect(await stripe.charges.retrieve(refunded.id)).toMatchObject({ refunded: true, customer });
  });

  it('answers errors in Stripe\u2019s format, which the SDK turns into its typed errors', async () => {
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    const wrongKey = new Stripe('sk_test_wrong', { ...stripeClientOptions(sim.url), maxNetworkRetries: 0 });
    await expect(wrongKey.subscriptions.retrieve('sub_x')).rejects.toMatchObject({ statusCode: 401 });
  });

  it('expires an open Checkout Session (its page then refuses payment) and refuses to expire it again', async () => {
    const session = await newSession();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, object: 'checkout.session', status: 'expired' });
    expect(received.map((d) => d.type)).toEqual(['checkout.session.expired']);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    expect((await submit(session.url!, { email: 'a@example.com', card: TEST_CARDS.success })).status).toBe(410);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
    });
    await expect(stripe.checkout.sessions.expire('cs_missing')).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('cancels a subscription at once, refuses to cancel it twice, and answers 500 to every call during an outage', async () => {
    const session = await newSession();
    await sim.control.payCheckout(session.id);
    const subscriptionId = String(sim.control.sessions().at(-1)!.subscription);
    expect(await stripe.subscriptions.cancel(subscriptionId)).toMatchObject({ id: subscriptionId, status: 'canceled' });
    expect(received.at(-1)!.type).toBe('customer.subscription.deleted');
    await expect(stripe.subscriptions.cancel(subscriptionId)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
    });

    sim.control.outage(true);
    await expect(stripe.subscriptions.retrieve(subscriptionId)).rejects.toMatchObject({
      type: 'StripeAPIError',
      statusCode: 500,
    });
    sim.control.outage(false);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  });

  it('holds deliveries and releases them in any order; resends an event freshly signed', async () => {
    sim.control.holdDeliveries(true);
    await sim.control.payCheckout((await newSession()).id);
    expect(received).toEqual([]);
    const held = sim.control.held();
    await sim.control.release([held[2]!.eventId, held[0]!.eventId, held[1]!.eventId]);
    expect(received.map((d) => d.type)).toEqual([
      'invoice.paid',
      'checkout.session.completed',
      'customer.subscription.created',
    ]);
    await sim.control.resend(held[0]!.eventId);
    expect(received.at(-1)!.eventId).toBe(held[0]!.eventId);
  });

  it('reads Stripe\u2019s bracketed form encoding', () => {
    expect(
      parseStripeForm('line_items[0][price]=p&line_items[0][quantity]=1&subscription_data[metadata][u]=x'),
    ).toEqual({ line_items: [{ price: 'p', quantity: '1' }], subscription_data: { metadata: { u: 'x' } } });
  });
});
