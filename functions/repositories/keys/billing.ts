/** users: a member's plan as Stripe's webhooks last left it, and the Stripe events already applied. */
export const billingKeys = {
  billing: (userId: string) => ({ pk: `USER#${userId}`, sk: 'BILLING' }),
  appliedEvent: (userId: string, eventId: string) => ({ pk: `USER#${userId}`, sk: `BILLING_EVENT#${eventId}` }),
} as const;
