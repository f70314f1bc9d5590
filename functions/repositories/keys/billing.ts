/** users: a member's plan as Stripe's webhooks last left it, the Stripe events already applied, their open checkout. */
export const billingKeys = {
  billing: (userId: string) => ({ pk: `USER#${userId}`, sk: 'BILLING' }),
  appliedEvent: (userId: string, eventId: string) => ({ pk: `USER#${userId}`, sk: `BILLING_EVENT#${eventId}` }),
  openCheckout: (userId: string) => ({ pk: `USER#${userId}`, sk: 'BILLING_CHECKOUT' }),
  /**
   * What a deleted account leaves to end at Stripe (its subscriptions, its open Checkout Session): one small
   * partition, outside every user's, that the account sweep does not take and the cancellation job reads whole.
   */
  stripeCleanupPartition: 'BILLING_STRIPE_CLEANUP',
  stripeCustomerCleanup: (customerId: string) => ({ pk: 'BILLING_STRIPE_CLEANUP', sk: `customer#${customerId}` }),
  stripeCheckoutCleanup: (sessionId: string) => ({ pk: 'BILLING_STRIPE_CLEANUP', sk: `checkout#${sessionId}` }),
} as const;
