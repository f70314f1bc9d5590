import { billingSettings } from '../lib/config';
import { BadRequestError, ConflictError } from '../lib/errors';
import { logger } from '../lib/logger';
import { stripeWebhookSecret } from '../lib/secrets';
import { Stripe, stripeClient } from '../lib/stripe';
import { billingStateOf, isEndedStatus, isLiveStatus, isPremium, type BillingState } from '../domain/billing';
import { accountStatusOf } from '../repositories/account-tombstones';
import {
  applyBillingEvent,
  dueStripeCleanups,
  finishStripeCleanup,
  forgetOpenCheckout,
  getBillingState,
  getOpenCheckout,
  postponeStripeCleanup,
  saveOpenCheckout,
  type StripeCleanup,
} from '../repositories/billing';
import type { BillingRedirectResponse } from '../shared/schemas/billing';

/** The subscription's metadata key naming the member it belongs to (set at Checkout, copied by Stripe). */
export const SUBSCRIPTION_USER_METADATA = 'trailbuddyUserId';

/**
 * POST /api/billing/checkout: a Checkout Session in subscription mode for Premium (the Price in CAD named by
 * STRIPE_PRICE_ID; taxes by Stripe Tax, which needs the billing address). Checkout makes the customer, or reuses the
 * caller's; the subscription carries the caller's id in its metadata, which is how webhooks find them.
 * One open checkout at a time: while the member's last session is still open at Stripe, its URL is answered again
 * (one payable session, however many tabs or clicks); a session already paid is a 409 `already_premium`, even before
 * its webhook arrives. Two checkouts racing: the one recorded second expires its own session and answers the first's.
 */
export async function startCheckout(
  caller: { userId: string; email: string | undefined },
  now: Date,
): Promise<BillingRedirectResponse> {
  const state = await getBillingState(caller.userId);
  if (isPremium(state, now)) throw alreadyPremium();
  const stripe = await stripeClient();
  const open = await getOpenCheckout(caller.userId);
  if (open) {
    const session = await stripe.checkout.sessions.retrieve(open.sessionId).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (session?.status === 'complete') throw alreadyPremium();
    if (session?.status === 'open' && session.url) return { url: session.url };
  }
  const settings = billingSettings();
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
  const recorded = await saveOpenCheckout(
    caller.userId,
    { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000).toISOString() },
    open?.sessionId ?? null,
    now,
  );
  if (recorded) return { url: session.url };
  // Another checkout of the same member recorded its session first: this one must never be payable.
  await expireCheckoutSession(stripe, session.id);
  const winner = await getOpenCheckout(caller.userId);
  if (!winner) throw new ConflictError('Another checkout is starting. Try again.', 'concurrent_update');
  return { url: winner.url };
}

const alreadyPremium = () => new ConflictError('You already have Premium.', 'already_premium');

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
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.expired') {
    const { client_reference_id: userId, id } = event.data.object;
    if (userId) await forgetOpenCheckout(userId, id);
  }
  for (const { subscriptionId, endedBy } of await subscriptionsOf(stripe, event)) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const userId = subscription.metadata[SUBSCRIPTION_USER_METADATA];
    if (!userId) continue; // Not a TrailBuddy subscription (another product on the same account).
    if ((await accountStatusOf(userId)) === 'deleted') {
      // A checkout paid around the deletion: a deleted person is never charged again, and nothing is stored for them.
      await cancelSubscription(stripe, subscription.id, subscription.status);
      logger.info('stripe event for a deleted account', { type: event.type, eventId: event.id });
      continue;
    }
    const state: BillingState = billingStateOf(
      { ...subscription, customer: customerIdOf(subscription.customer) },
      endedBy,
    );
    if ((await secondSubscription(stripe, userId, state, now)) === 'duplicate') {
      await cancelSubscription(stripe, subscription.id, subscription.status);
      logger.warn('duplicate premium subscription cancelled', { eventId: event.id, subscriptionId: subscription.id });
      continue;
    }
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
  for (const subscription of ours) await cancelSubscription(stripe, subscription.id, subscription.status);
  return ours.map((subscription) => ({ subscriptionId: subscription.id, endedBy }));
}

function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (!reference) return null;
  return typeof reference === 'string' ? reference : reference.id;
}

function customerIdOf(customer: string | { id: string }): string {
  return typeof customer === 'string' ? customer : customer.id;
}

/**
 * A live subscription of a member who already has another one live at Stripe (the one their plan follows): two
 * subscriptions would both charge. The plan's subscription is read from Stripe, not from our copy. If it still gives
 * Premium, the incoming one is the extra: 'duplicate' (the caller cancels it). If it no longer does (past_due beyond
 * the grace, while Stripe keeps retrying the card), the new purchase wins and the old one is cancelled here.
 */
async function secondSubscription(
  stripe: Stripe,
  userId: string,
  incoming: BillingState,
  now: Date,
): Promise<'duplicate' | 'none'> {
  if (!isLiveStatus(incoming.status) || incoming.endedBy) return 'none';
  const stored = await getBillingState(userId);
  if (!stored || stored.subscriptionId === incoming.subscriptionId || !isLiveStatus(stored.status) || stored.endedBy)
    return 'none';
  const current = await stripe.subscriptions.retrieve(stored.subscriptionId).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!current || !isLiveStatus(current.status)) return 'none';
  const currentState = billingStateOf({ ...current, customer: customerIdOf(current.customer) }, stored.endedBy);
  if (isPremium(currentState, now)) return 'duplicate';
  await cancelSubscription(stripe, current.id, current.status);
  logger.warn('lapsed premium subscription cancelled for a new one', { subscriptionId: current.id });
  return 'none';
}

/**
 * Cancels a subscription at once (`DELETE /v1/subscriptions/:id`: no further charge). Idempotent: one already
 * ended, or unknown to Stripe, is left as it is; Stripe refuses to cancel a canceled subscription with a 400, so
 * on a refusal the subscription is read again and only a still-live one is an error.
 */
async function cancelSubscription(stripe: Stripe, subscriptionId: string, knownStatus?: string): Promise<void> {
  if (knownStatus && isEndedStatus(knownStatus)) return;
  try {
    await stripe.subscriptions.cancel(subscriptionId);
  } catch (error) {
    if (isMissing(error)) return;
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    if (!isEndedStatus(current.status)) throw error;
  }
}

/**
 * Expires an open Checkout Session (`POST /v1/checkout/sessions/:id/expire`: it can no longer be paid). Stripe
 * expires only open sessions and refuses the rest with a 400: an expired one is done; one already paid has its
 * subscription cancelled instead.
 */
async function expireCheckoutSession(stripe: Stripe, sessionId: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    if (isMissing(error)) return;
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open') throw error;
    const subscriptionId = idOf(session.subscription);
    if (session.status === 'complete' && subscriptionId) await cancelSubscription(stripe, subscriptionId);
  }
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** A failed cleanup is tried again after 1, 2, 4, … minutes, then hourly, for as long as it takes. */
const CLEANUP_RETRY_MAX_MINUTES = 60;

export interface StripeCleanupReport {
  done: number;
  postponed: number;
}

/**
 * The `billing-stripe-cleanup` job (every minute): ends at Stripe what deleted accounts left (queued by
 * billing-erasure.ts). A customer's live TrailBuddy subscriptions are cancelled at once (and the one the plan
 * followed, whichever customer it is on); an open Checkout Session is expired. Each is forgotten only once Stripe
 * has done it; a failure (Stripe unreachable, a 5xx) keeps it for the next try. Two runs at once cancel nothing
 * twice that matters: cancelling is idempotent.
 */
export async function runStripeCleanups(now: Date): Promise<StripeCleanupReport> {
  const due = await dueStripeCleanups(now);
  const report: StripeCleanupReport = { done: 0, postponed: 0 };
  if (due.length === 0) return report;
  const stripe = await stripeClient();
  for (const cleanup of due) {
    try {
      if (cleanup.kind === 'checkout') await expireCheckoutSession(stripe, cleanup.stripeId);
      else await cancelCustomerSubscriptions(stripe, cleanup);
      await finishStripeCleanup(cleanup);
      report.done++;
    } catch (error) {
      const minutes = Math.min(2 ** cleanup.attempts, CLEANUP_RETRY_MAX_MINUTES);
      await postponeStripeCleanup(cleanup, new Date(now.getTime() + minutes * 60_000));
      report.postponed++;
      logger.warn('stripe cleanup failed; retrying', {
        kind: cleanup.kind,
        stripeId: cleanup.stripeId,
        attempts: cleanup.attempts + 1,
        retryInMinutes: minutes,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return report;
}

async function cancelCustomerSubscriptions(stripe: Stripe, cleanup: StripeCleanup): Promise<void> {
  if (cleanup.subscriptionId) await cancelSubscription(stripe, cleanup.subscriptionId);
  try {
    // Without a status, Stripe lists every subscription that is not canceled.
    for await (const subscription of stripe.subscriptions.list({ customer: cleanup.stripeId, limit: 100 }))
      if (subscription.metadata[SUBSCRIPTION_USER_METADATA])
        await cancelSubscription(stripe, subscription.id, subscription.status);
  } catch (error) {
    if (!isMissing(error)) throw error; // A customer Stripe no longer has has nothing left to charge.
  }
}
