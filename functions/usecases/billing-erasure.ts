import { getBillingState, getOpenCheckout, queueStripeCleanup } from '../repositories/billing';

/**
 * Account deletion's part in billing: a deleted person must never be charged again. Their Stripe customer (every
 * live subscription of it is cancelled at once, the one the plan followed included) and their open Checkout Session
 * (expired, so it can no longer be paid) are queued for the `billing-stripe-cleanup` job, which does it at Stripe and
 * retries until Stripe has answered. Queued before the account's items are swept (the plan and the open session live
 * there), in an item that names no one; a retried deletion queues nothing twice. Returns how many were queued.
 */
export async function queueStripeCleanupOfUser(userId: string, now: Date): Promise<number> {
  const [state, checkout] = await Promise.all([getBillingState(userId), getOpenCheckout(userId)]);
  let queued = 0;
  if (state) {
    await queueStripeCleanup('customer', state.customerId, state.subscriptionId, now);
    queued++;
  }
  if (checkout && new Date(checkout.expiresAt) > now) {
    await queueStripeCleanup('checkout', checkout.sessionId, null, now);
    queued++;
  }
  return queued;
}
