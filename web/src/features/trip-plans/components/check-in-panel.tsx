import { useState } from 'react';
import { MAX_RETURN_MOVES, TripCheckInRequest, type TripPlan } from '@shared/schemas/trip-plans';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField } from '@/components/ui/form-field';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/error-messages';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import type { PendingCheckIn } from '../offline/pending-check-ins';
import { NotSentYet } from './not-sent-yet';

/**
 * "We're back" (one tap; closes the plan and tells the contacts) and "Running late" (moves the return, with a reason,
 * up to MAX_RETURN_MOVES times; the contacts are emailed each new time). `prominent` is for arrivals from the reminder
 * email's check-in link.
 */
export function CheckInPanel({
  plan,
  prominent,
  pending = null,
  onCheckIn,
  onRetry = async () => undefined,
}: {
  plan: TripPlan;
  prominent: boolean;
  /** "We're back" pressed without signal and not delivered yet. */
  pending?: PendingCheckIn | null;
  onCheckIn: (request: TripCheckInRequest) => Promise<void>;
  onRetry?: () => Promise<void>;
}) {
  const [checkingBack, setCheckingBack] = useState(false);
  const [backError, setBackError] = useState<string | null>(null);
  const [lateOpen, setLateOpen] = useState(false);
  const movesLeft = MAX_RETURN_MOVES - plan.returnMoves;
  const late = useSchemaForm({
    schema: TripCheckInRequest,
    defaultValues: { returnDate: plan.returnDate, returnTime: '', reason: '' },
    toInput: (values) => ({ kind: 'late', ...values }),
    onSubmit: async (request) => {
      setBackError(null);
      await onCheckIn(request);
      setLateOpen(false);
      late.form.reset({ returnDate: late.form.getValues('returnDate'), returnTime: '', reason: '' });
    },
    focus: 'none',
  });
  const busy = checkingBack || late.submitting;
  const error = backError ?? late.formError;

  const checkInBack = async () => {
    setCheckingBack(true);
    setBackError(null);
    late.setFormError(null);
    try {
      await onCheckIn({ kind: 'back' });
    } catch (e) {
      setBackError(userMessage(e));
    } finally {
      setCheckingBack(false);
    }
  };

  if (pending && plan.status === 'open') return <NotSentYet plan={plan} pending={pending} onRetry={onRetry} />;
  if (plan.status === 'closed') {
    return <FormMessage kind="success">Everyone is back: this plan is closed and your contacts were told.</FormMessage>;
  }

  return (
    <section
      aria-labelledby="check-in-heading"
      className={`space-y-4 rounded-2xl border p-5 ${prominent ? 'border-brand-300 bg-brand-50' : 'border-slate-200 bg-white'}`}
    >
      <h2 id="check-in-heading" className={`${prominent ? 'text-xl' : 'text-lg'} font-semibold text-slate-900`}>
        {prominent ? 'Are you back? Check in' : 'Check in'}
      </h2>
      <p className="text-sm text-slate-700">
        When the party is out of the backcountry, tap &ldquo;We&rsquo;re back&rdquo;. Your contacts are told, and no
        alert is sent.
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={`${buttonStyles.primary} ${prominent ? 'px-6 py-3 text-base' : ''}`}
          disabled={busy}
          onClick={() => void checkInBack()}
        >
          {checkingBack && <Spinner label="Checking in" />}
          We&rsquo;re back
        </button>
        {movesLeft > 0 && !lateOpen && (
          <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={() => setLateOpen(true)}>
            Running late
          </button>
        )}
      </div>
      {movesLeft <= 0 && (
        <p className="text-sm text-slate-600">
          You moved the expected return {MAX_RETURN_MOVES} times; it can&rsquo;t move again. Your contacts are alerted
          at the time they were last given.
        </p>
      )}
      {lateOpen && (
        <form {...late.formProps} aria-label="Running late" className="grid gap-4 sm:grid-cols-2">
          <FormField label="New return date" error={late.fieldError('returnDate')}>
            {(props) => <input {...props} type="date" {...late.form.register('returnDate')} />}
          </FormField>
          <FormField label="New return time" error={late.fieldError('returnTime')}>
            {(props) => <input {...props} type="time" {...late.form.register('returnTime')} />}
          </FormField>
          <FormField
            label="Why are you running late?"
            error={late.fieldError('reason')}
            hint={`Your emergency contacts are emailed the new time. You can move the return ${movesLeft === 1 ? 'once more' : `${movesLeft} more times`}.`}
            className="sm:col-span-2"
          >
            {(props) => <textarea {...props} rows={2} {...late.form.register('reason')} />}
          </FormField>
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              {late.submitting && <Spinner label="Saving" />}
              Move expected return
            </button>
            <button type="button" className={buttonStyles.ghost} onClick={() => setLateOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {error && <FormMessage kind="error">{error}</FormMessage>}
    </section>
  );
}
