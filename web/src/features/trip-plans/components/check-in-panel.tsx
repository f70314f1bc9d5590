import { useState, type FormEvent } from 'react';
import { MAX_RETURN_MOVES, TripCheckInRequest, type TripPlan } from '@shared/schemas/trip-plans';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField } from '@/components/ui/form-field';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/api-error';
import { userMessage } from '@/lib/error-messages';

/**
 * "We're back" (one tap; closes the plan and tells the contacts) and "Running late" (moves the return, with a reason,
 * up to MAX_RETURN_MOVES times; the contacts are emailed each new time). `prominent` is for arrivals from the reminder
 * email's check-in link.
 */
export function CheckInPanel({
  plan,
  prominent,
  onCheckIn,
}: {
  plan: TripPlan;
  prominent: boolean;
  onCheckIn: (request: TripCheckInRequest) => Promise<void>;
}) {
  const [busy, setBusy] = useState<'back' | 'late' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lateOpen, setLateOpen] = useState(false);
  const [late, setLate] = useState({ returnDate: plan.returnDate, returnTime: '', reason: '' });
  const [lateErrors, setLateErrors] = useState<Record<string, string>>({});
  const movesLeft = MAX_RETURN_MOVES - plan.returnMoves;

  const send = async (request: TripCheckInRequest) => {
    setBusy(request.kind);
    setError(null);
    try {
      await onCheckIn(request);
      setLateOpen(false);
      setLate((previous) => ({ ...previous, returnTime: '', reason: '' }));
    } catch (e) {
      if (e instanceof ApiError && e.fields) setLateErrors(e.fields);
      setError(userMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const submitLate = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TripCheckInRequest.safeParse({ kind: 'late', ...late });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
      setLateErrors(errors);
      return;
    }
    setLateErrors({});
    void send(parsed.data);
  };

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
          disabled={busy !== null}
          onClick={() => void send({ kind: 'back' })}
        >
          {busy === 'back' && <Spinner label="Checking in" />}
          We&rsquo;re back
        </button>
        {movesLeft > 0 && !lateOpen && (
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={busy !== null}
            onClick={() => setLateOpen(true)}
          >
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
        <form noValidate onSubmit={submitLate} aria-label="Running late" className="grid gap-4 sm:grid-cols-2">
          <FormField label="New return date" error={lateErrors.returnDate}>
            {(props) => (
              <input
                {...props}
                type="date"
                value={late.returnDate}
                onChange={(e) => setLate({ ...late, returnDate: e.target.value })}
              />
            )}
          </FormField>
          <FormField label="New return time" error={lateErrors.returnTime}>
            {(props) => (
              <input
                {...props}
                type="time"
                value={late.returnTime}
                onChange={(e) => setLate({ ...late, returnTime: e.target.value })}
              />
            )}
          </FormField>
          <FormField
            label="Why are you running late?"
            error={lateErrors.reason}
            hint={`Your emergency contacts are emailed the new time. You can move the return ${movesLeft === 1 ? 'once more' : `${movesLeft} more times`}.`}
            className="sm:col-span-2"
          >
            {(props) => (
              <textarea
                {...props}
                rows={2}
                value={late.reason}
                onChange={(e) => setLate({ ...late, reason: e.target.value })}
              />
            )}
          </FormField>
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <button type="submit" className={buttonStyles.primary} disabled={busy !== null}>
              {busy === 'late' && <Spinner label="Saving" />}
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
