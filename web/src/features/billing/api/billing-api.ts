import { BillingRedirectResponse, BillingResponse } from '@shared/schemas/billing';
import type { ApiTransport } from '@/lib/api/transport';

/** Premium: the caller's plan, and where to send the browser to buy it (Checkout) or manage it (the billing portal). */
export interface BillingApi {
  /** The plan as of now (GET /api/billing). */
  billing(): Promise<BillingResponse>;
  /** A Checkout Session for Premium; its `url` is Stripe's hosted payment page. */
  startCheckout(): Promise<BillingRedirectResponse>;
  /** A billing portal session (cancel, change the card, invoices); its `url` is Stripe's hosted portal. */
  openBillingPortal(): Promise<BillingRedirectResponse>;
}

export function createBillingHttpApi({ request }: ApiTransport): BillingApi {
  return {
    billing: () => request('/billing', BillingResponse, { auth: true }),
    startCheckout: () => request('/billing/checkout', BillingRedirectResponse, { auth: true, method: 'POST' }),
    openBillingPortal: () => request('/billing/portal', BillingRedirectResponse, { auth: true, method: 'POST' }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends BillingApi {}
}
