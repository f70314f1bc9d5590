import type { BillingResponse } from '@shared/schemas/billing';
import type { BillingApi } from '../api/billing-api';
import { ApiError } from '@/lib/api/api-error';
import type { DemoContext } from '@/lib/demo/demo-context';
import { readDemoPlan, writeDemoPlan } from '@/lib/demo/demo-plan';

/** Demo Premium lasts for the tab, like demo mode itself. */
const DEMO_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
/** The demo's "checkout" answers after a short pause, so the button's opening state shows as it would. */
export const DEMO_CHECKOUT_DELAY_MS = 300;

const FREE: BillingResponse = {
  plan: 'free',
  premiumUntil: null,
  cancelAtPeriodEnd: false,
  pastDue: null,
  canManageBilling: false,
};

/**
 * Premium in demo mode, without payment: the demo member starts on the free plan, and "Upgrade to Premium" makes them
 * Premium for a month at once, then comes back as Checkout's success return does. There is no card, no Stripe
 * customer and so no portal (`canManageBilling` stays false).
 */
export function createBillingDemoApi({ now, origin, storage, wait }: DemoContext): BillingApi {
  function read(): BillingResponse {
    return { ...FREE, ...readDemoPlan(storage) };
  }

  return {
    async billing() {
      return read();
    },

    async startCheckout() {
      if (read().plan === 'premium') throw new ApiError(409, 'already_premium', 'You already have Premium.');
      await wait(DEMO_CHECKOUT_DELAY_MS);
      writeDemoPlan(storage, {
        plan: 'premium',
        premiumUntil: new Date(now().getTime() + DEMO_PERIOD_MS).toISOString(),
      });
      return { url: new URL('/profile/billing?checkout=success', origin).toString() };
    },

    async openBillingPortal() {
      // As the server answers a member with no Stripe customer: demo mode never has one.
      throw new ApiError(
        409,
        'no_billing_account',
        'Demo mode has no billing portal: nothing was charged, so there is no card or invoice to manage.',
      );
    },
  };
}
