/** What Premium costs, as the pricing and the plan say it (the Stripe Price: 9.00 CAD a month). */
export const PREMIUM_PRICE = '$9/month (CAD)';

const longDate = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long' });

/** A plan date as people read it, in their own time zone ("December 29, 2026"). */
export function formatBillingDate(iso: string): string {
  return longDate.format(new Date(iso));
}
