import { useState } from 'react';
import type { TripPlan } from '@shared/schemas/trip-plans';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import type { PendingCheckIn } from '../offline/pending-check-ins';

/**
 * "We're back" was pressed without signal: said plainly, because until it is delivered nobody knows, and the overdue
 * alert still goes out at its time. The contacts are listed so the person can reach them another way.
 */
export function NotSentYet({
  plan,
  pending,
  onRetry,
}: {
  plan: TripPlan;
  pending: PendingCheckIn;
  onRetry: () => Promise<void>;
}) {
  const [retrying, setRetrying] = useState(false);
  const pressedAt = new Date(pending.pressedAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <section
      aria-labelledby="not-sent-heading"
      role="status"
      className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-5"
    >
      <h2 id="not-sent-heading" className="text-lg font-semibold text-amber-900">
        Not sent yet: your check-in has not reached anyone
      </h2>
      <p className="text-sm text-amber-900">
        You pressed &ldquo;We&rsquo;re back&rdquo; at {pressedAt} without a connection. It is kept on this device and
        sent as soon as it is online again. Until then your contacts don&rsquo;t know you are back, and they will be
        alerted if you are overdue. If you can, call or text them yourself.
      </p>
      <ul className="space-y-1 text-sm">
        {plan.contacts.map((contact) => (
          <li key={contact.email}>
            <span className="font-medium text-slate-900">{contact.name}</span>{' '}
            <a className="break-all text-brand-800 underline" href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
          </li>
        ))}
      </ul>
      <button type="button" className={buttonStyles.secondary} disabled={retrying} onClick={() => void retry()}>
        {retrying && <Spinner label="Sending" />}
        Try sending now
      </button>
    </section>
  );
}
