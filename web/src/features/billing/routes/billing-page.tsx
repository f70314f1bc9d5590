import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { leaveAppFor } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { CheckoutReturn, checkoutOutcomeOf } from '../components/checkout-return';
import { PastDueBanner } from '../components/past-due-banner';
import { PlanSummary } from '../components/plan-summary';
import { useBilling, useBillingRedirect } from '../hooks/use-billing';

/** How often the plan is read again after a paid Checkout until the webhook has made the member Premium. */
export const CONFIRM_POLL_MS = 1500;
/** How long the screen says it is confirming before it says what to expect instead (and stops asking). */
export const CONFIRM_PATIENCE_MS = 60_000;

interface BillingScreenProps {
  /** Sends the browser to Stripe's hosted page. */
  leave?: (url: string) => void;
  confirmPollMs?: number;
  confirmPatienceMs?: number;
}

/** Plan & billing: the plan, buying Premium (Checkout), managing it (the billing portal), and Checkout's return. */
export function BillingScreen({
  leave = leaveAppFor,
  confirmPollMs = CONFIRM_POLL_MS,
  confirmPatienceMs = CONFIRM_PATIENCE_MS,
}: BillingScreenProps) {
  const [searchParams] = useSearchParams();
  const outcome = checkoutOutcomeOf(searchParams);
  const [gaveUpWaiting, setGaveUpWaiting] = useState(false);
  const confirming = outcome === 'success' && !gaveUpWaiting;
  const billing = useBilling({ pollMs: confirming && confirmPollMs });
  const { opening, error, open } = useBillingRedirect(leave);
  const plan = billing.status === 'success' ? billing.data.plan : undefined;

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setGaveUpWaiting(true), confirmPatienceMs);
    return () => clearTimeout(timer);
  }, [confirming, confirmPatienceMs]);

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Plan & billing"
        description="Your TrailBuddy plan. Payments, cards and invoices are handled by Stripe."
        actions={
          <Link to={paths.profile} className={buttonStyles.secondary}>
            Back to profile
          </Link>
        }
      />
      {outcome && (billing.status !== 'error' || outcome === 'cancelled') && (
        <CheckoutReturn outcome={outcome} plan={plan} gaveUpWaiting={gaveUpWaiting} />
      )}
      {billing.status === 'success' && billing.data.pastDue && (
        <PastDueBanner
          graceEndsAt={billing.data.pastDue.graceEndsAt}
          opening={opening === 'portal'}
          onUpdateCard={() => void open('portal')}
        />
      )}
      <section
        aria-labelledby="plan-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="plan-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Your plan
        </h2>
        {billing.status === 'loading' && <Spinner label="Loading your plan" />}
        {billing.status === 'error' && <LoadError error={billing.error} onRetry={billing.reload} />}
        {billing.status === 'success' && (
          <PlanSummary billing={billing.data} opening={opening} onOpen={(destination) => void open(destination)} />
        )}
        {error && (
          <div className="mt-4">
            <FormMessage kind="error">{error}</FormMessage>
          </div>
        )}
      </section>
    </PageContainer>
  );
}

export default function BillingPage() {
  return <BillingScreen />;
}
