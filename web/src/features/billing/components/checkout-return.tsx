import type { BillingResponse } from '@shared/schemas/billing';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';

export type CheckoutOutcome = 'success' | 'cancelled';

/** Checkout's return (`?checkout=success|cancelled`), as functions/usecases/billing.ts sets its URLs. */
export function checkoutOutcomeOf(search: URLSearchParams): CheckoutOutcome | null {
  const outcome = search.get('checkout');
  return outcome === 'success' || outcome === 'cancelled' ? outcome : null;
}

/**
 * What happened at Checkout. Paid: Premium once Stripe's webhook has said so, which may be a moment after the browser
 * came back, so until then the payment is being confirmed (and, after a while, what to expect). Cancelled: nothing
 * was charged.
 */
export function CheckoutReturn({
  outcome,
  plan,
  gaveUpWaiting,
}: {
  outcome: CheckoutOutcome;
  plan: BillingResponse['plan'] | undefined;
  gaveUpWaiting: boolean;
}) {
  if (outcome === 'cancelled') {
    return (
      <FormMessage kind="info">
        {plan === 'premium'
          ? 'Checkout was cancelled. Your Premium plan is unchanged.'
          : 'Checkout was cancelled and nothing was charged. You are still on the free plan.'}
      </FormMessage>
    );
  }
  if (plan === 'premium') {
    return (
      <div role="status" className="rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-brand-900">Welcome to Premium</h2>
        <p className="mt-1 text-sm text-brand-800">
          Thank you! Your payment went through: messaging is unlimited now. Stripe emails you the receipt.
        </p>
      </div>
    );
  }
  if (gaveUpWaiting) {
    return (
      <FormMessage kind="info">
        Your payment is still being confirmed. It can take a few minutes: reload this page in a little while. If you
        were charged, Premium will show here.
      </FormMessage>
    );
  }
  return (
    <div className="rounded-2xl border border-slate-200 bg-white">
      <Spinner label="Confirming your payment…" showLabel />
    </div>
  );
}
