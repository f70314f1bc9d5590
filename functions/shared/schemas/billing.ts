import * as z from 'zod';

/** GET /api/billing: the caller's plan, as Stripe's webhooks last left it and as of now. */
export const BillingResponse = z.object({
  plan: z.enum(['free', 'premium']),
  /** Premium: the end of the paid period (it renews then unless `cancelAtPeriodEnd`); null on the free plan. */
  premiumUntil: z.iso.datetime().nullable(),
  /** Premium ends at `premiumUntil` instead of renewing (cancelled in the billing portal). */
  cancelAtPeriodEnd: z.boolean(),
  /** A renewal payment failed: Premium is kept until `graceEndsAt` while Stripe retries; update the card to keep it. */
  pastDue: z.object({ graceEndsAt: z.iso.datetime() }).nullable(),
  /** The caller has a Stripe customer, so the billing portal (card, invoices, cancelling) can open. */
  canManageBilling: z.boolean(),
});
export type BillingResponse = z.infer<typeof BillingResponse>;

/** POST /api/billing/checkout and /api/billing/portal: where to send the browser (Stripe's hosted pages). */
export const BillingRedirectResponse = z.object({ url: z.url() });
export type BillingRedirectResponse = z.infer<typeof BillingRedirectResponse>;
