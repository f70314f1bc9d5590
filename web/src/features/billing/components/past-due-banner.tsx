import { formatBillingDate } from '../utils/billing-format';

/**
 * A renewal payment failed: Premium stays until the grace period ends while Stripe retries the card. Says until when,
 * and leads to the billing portal, where the card is updated.
 */
export function PastDueBanner({
  graceEndsAt,
  onUpdateCard,
  opening,
}: {
  graceEndsAt: string;
  onUpdateCard: () => void;
  opening: boolean;
}) {
  return (
    <section
      aria-labelledby="past-due-heading"
      className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:p-6"
    >
      <h2 id="past-due-heading" className="font-semibold">
        Your Premium renewal payment failed
      </h2>
      <p className="mt-1 text-sm">
        Premium stays on until {formatBillingDate(graceEndsAt)} while we try your card again. Update your card to keep
        it; after that date you are back on the free plan.
      </p>
      <button
        type="button"
        onClick={onUpdateCard}
        disabled={opening}
        className="mt-3 inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {opening ? 'Opening billing…' : 'Update your card'}
      </button>
    </section>
  );
}
