import { billingSettings } from '../lib/config';
import { BadRequestError, ConflictError } from '../lib/errors';
import { logger } from '../lib/logger';
import { stripeWebhookSecret } from '../lib/secrets';
import { Stripe, stripeClient } from '../lib/stripe';
import { billingStateOf, isPremium, type BillingState } from '../domain/billing';
import { applyBillingEvent, getBillingState } from '../repositories/billing';
import type { BillingRedirectResponse } from '../shared/schemas/billing';

/** The subscription's metadata key naming the member it belongs to (set at Checkout, copied by Stripe). */
export const SUBSCRIPTION_USER_METADATA = 'trailbuddyUserId';

/**
 * POST /api/billing/checkout: a Checkout Session in subscription mode for Premium (the Price in CAD named by
 * STRIPE_PRICE_ID; taxes by Stripe Tax, which needs the billing address). Checkout makes the customer, or reuses the
 * caller's; the subscription carries the caller's id in its metadata, which is how webhooks find them.
 */
export async function startCheckout(
  caller: { userId: string; email: string | undefined },
  now: Date,
): Promise<BillingRedirectResponse> {
  const state = await getBillingState(caller.userId);
  if (isPremium(state, now)) throw new ConflictError('You already have Premium.', 'already_premium');
  const settings = billingSettings();
  const stripe = await stripeClient();
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: settings.priceId, quantity: 1 }],
    ...(state
      ? { customer: state.customerId, customer_update: { address: 'auto', name: 'auto' } }
      : { ...(caller.email ? { customer_email: caller.email } : {}), billing_address_collection: 'required' }),
    automatic_tax: { enabled: true },
    client_reference_id: caller.userId,
    subscription_data: { metadata: { [SUBSCRIPTION_USER_METADATA]: caller.userId } },
    success_url: `${settings.siteUrl}/profile/billing?checkout=success`,
    cancel_url: `${settings.siteUrl}/profile/billing?checkout=cancelled`,
  });
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
  return { url: session.url };
}

/** POST /api/billing/portal: Stripe's Customer Portal (cancel, change the card, invoices) for the caller's customer. */
export async function openBillingPortal(userId: string): Promise<BillingRedirectResponse> {
  const state = await getBillingState(userId);
  if (!state)
    throw new ConflictError('There is no billing account yet: subscribe to Premium first.', 'no_billing_account');
  const stripe = await stripeClient();
  const session = await stripe.billingPortal.sessions.create({
    customer: state.customerId,
    return_url: `${billingSettings().siteUrl}/profile/billing`,
  });
  return { url: session.url };
}

/**
 * POST /api/billing/webhook: verifies Stripe's signature on the raw body (a bad one is a 400 and changes nothing),
 * then applies the event once (by its id). Entitlements follow the subscription's current state, read from Stripe,
 * never the event's copy: events arrive out of order and late, and the latest read is right whatever their order.
 */
export async function handleStripeWebhook(
  rawBody: string,
  signature: string | undefined,
  now: Date,
): Promise<{ received: true }> {
  const stripe = await stripeClient();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', await stripeWebhookSecret());
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError) && !(error instanceof SyntaxError))
      throw error;
    throw new BadRequestError('The Stripe-Signature does not match this body.', undefined, 'invalid_signature');
  }
  for (const { subscriptionId, endedBy } of await subscriptionsOf(stripe, event)) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const userId = subscription.metadata[SUBSCRIPTION_USER_METADATA];
    if (!userId) continue; // Not a TrailBuddy subscription (another product on the same account).
    const state: BillingState = billingStateOf(
      { ...subscription, customer: customerIdOf(subscription.customer) },
      endedBy,
    );
    const outcome = await applyBillingEvent(userId, event.id, state, now);
    logger.info('stripe event', { type: event.type, eventId: event.id, outcome, status: state.status });
  }
  return { received: true };
}

interface Affected {
  subscriptionId: string;
  endedBy: BillingState['endedBy'];
}

/** The subscriptions an event is about. A full refund or a dispute cancels the customer's live subscriptions. */
async function subscriptionsOf(stripe: Stripe, event: Stripe.Event): Promise<Affected[]> {
  const only = (id: string | null | undefined): Affected[] => (id ? [{ subscriptionId: id, endedBy: null }] : []);
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.mode === 'subscription' ? only(idOf(event.data.object.subscription)) : [];
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return only(event.data.object.id);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return only(idOf(event.data.object.parent?.subscription_details?.subscription));
    case 'charge.refunded': {
      const charge = await stripe.charges.retrieve(event.data.object.id);
      return charge.refunded ? endSubscriptionsOf(stripe, idOf(charge.customer), 'refund') : [];
    }
    case 'charge.dispute.created': {
      const charge = await stripe.charges.retrieve(idOf(event.data.object.charge)!);
      return endSubscriptionsOf(stripe, idOf(charge.customer), 'dispute');
    }
    default:
      return [];
  }
}

async function endSubscriptionsOf(
  stripe: Stripe,
  customerId: string | null,
  endedBy: 'refund' | 'dispute',
): Promise<Affected[]> {
  if (!customerId) return [];
  const { data } = await stripe.subscriptions.list({ customer: customerId, status: 'all' });
  const ours = data.filter((subscription) => subscription.metadata[SUBSCRIPTION_USER_METADATA]);
  for (const subscription of ours)
    if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired')
      await stripe.subscriptions.cancel(subscription.id);
  return ours.map((subscription) => ({ subscriptionId: subscription.id, endedBy }));
}

function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (!reference) return null;
  return typeof reference === 'string' ? reference : reference.id;
}

function customerIdOf(customer: string | { id: string }): string {
  return typeof customer === 'string' ? customer : customer.id;
}
