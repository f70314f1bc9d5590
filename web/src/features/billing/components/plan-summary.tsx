import type { BillingResponse } from '@shared/schemas/billing';
import { buttonStyles } from '@/components/ui/button-styles';
import type { BillingDestination } from '../hooks/use-billing';
import { formatBillingDate, PREMIUM_PRICE } from '../utils/billing-format';

function PremiumTerm({ billing }: { billing: BillingResponse }) {
  if (!billing.premiumUntil) return null;
  const date = formatBillingDate(billing.premiumUntil);
  if (billing.pastDue) return <p className="text-slate-700">Premium until {date}, and on once the renewal is paid.</p>;
  if (billing.cancelAtPeriodEnd)
    return (
      <p className="text-slate-700">
        Cancels on {date}. You keep Premium until then; after it you are on the free plan.
      </p>
    );
  return <p className="text-slate-700">Premium until {date}; it renews then.</p>;
}

/** The plan: what it is and costs, until when, and the way to buy Premium or manage the subscription at Stripe. */
export function PlanSummary({
  billing,
  opening,
  onOpen,
}: {
  billing: BillingResponse;
  opening: BillingDestination | null;
  onOpen: (destination: BillingDestination) => void;
}) {
  const premium = billing.plan === 'premium';
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-500">Plan</dt>
          <dd className="text-xl font-semibold text-slate-900">{premium ? 'Premium' : 'Free'}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-500">Price</dt>
          <dd className="text-xl font-semibold text-slate-900">{premium ? PREMIUM_PRICE : '$0'}</dd>
        </div>
      </dl>
      {premium ? (
        <PremiumTerm billing={billing} />
      ) : (
        <p className="text-slate-700">
          The free plan includes 5 messages a month. Premium is {PREMIUM_PRICE}, taxes added at checkout, and makes
          messaging your partners unlimited.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {!premium && (
          <button
            type="button"
            onClick={() => onOpen('checkout')}
            disabled={opening !== null}
            className={buttonStyles.primary}
          >
            {opening === 'checkout' ? 'Opening checkout…' : 'Upgrade to Premium'}
          </button>
        )}
        {billing.canManageBilling && (
          <button
            type="button"
            onClick={() => onOpen('portal')}
            disabled={opening !== null}
            className={buttonStyles.secondary}
          >
            {opening === 'portal' ? 'Opening billing…' : 'Manage billing'}
          </button>
        )}
      </div>
      {billing.canManageBilling && (
        <p className="text-sm text-slate-600">
          Manage billing opens Stripe, where you change your card, download invoices or cancel.
        </p>
      )}
    </div>
  );
}
