import { useState, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useApiClient } from '@/lib/api-client-context';
import { useAuth } from '@/lib/auth';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

/** Cognito's answer as a sentence. */
function emailErrorMessage(error: unknown): string {
  const { name, message } = error instanceof Error ? error : { name: '', message: '' };
  if (name === 'AliasExistsException' || name === 'UsernameExistsException')
    return 'That email cannot be used. Try another address.';
  if (name === 'CodeMismatchException') return 'That code is not right. Check the email and try again.';
  if (name === 'ExpiredCodeException') return 'That code has expired. Ask for a new one.';
  if (name === 'LimitExceededException') return 'Too many attempts. Please wait a while and try again.';
  return message || 'Changing the email failed. Please try again.';
}

/** 'Change email' in the profile's account area: the new address, then the code Cognito sends to it. */
export function ChangeEmailSection() {
  const { user, updateEmail, confirmEmail } = useAuth();
  const { traits } = useApiClient();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const run = async (work: () => Promise<void>) => {
    setOutcome(null);
    setPending(true);
    try {
      await work();
    } catch (error) {
      setOutcome({ kind: 'error', text: emailErrorMessage(error) });
    } finally {
      setPending(false);
    }
  };

  const requestChange = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = email.trim();
    if (next.toLowerCase() === user?.email.toLowerCase())
      return setOutcome({ kind: 'error', text: 'That is already your email.' });
    void run(async () => {
      if ((await updateEmail(next)) === 'done')
        return setOutcome({ kind: 'success', text: `Your email is now ${next}.` });
      setStep('code');
      setOutcome({ kind: 'success', text: `We sent a code to ${next}. Enter it below to confirm the change.` });
    });
  };

  const confirmChange = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      await confirmEmail(code.trim());
      setStep('email');
      setCode('');
      setOutcome({ kind: 'success', text: `Your email is now ${email.trim()}.` });
      setEmail('');
    });
  };

  if (!traits.credentialsEditable) return null;
  return (
    <section
      aria-labelledby="change-email-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="change-email-heading" className="text-lg font-semibold text-slate-900">
        Change email
      </h2>
      {user && <p className="mt-1 text-sm text-slate-600">{`You sign in with ${user.email}.`}</p>}
      {step === 'email' ? (
        <form onSubmit={requestChange} className="mt-4 grid max-w-xl gap-4">
          <TextField
            label="New email"
            type="email"
            name="new-email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <div>
            <button type="submit" disabled={pending} className={buttonStyles.primary}>
              {pending ? 'Sending code...' : 'Send Code'}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={confirmChange} className="mt-4 grid max-w-xl gap-4">
          <TextField
            label="Code"
            name="email-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={pending} className={buttonStyles.primary}>
              {pending ? 'Confirming...' : 'Confirm Email'}
            </button>
            <button
              type="button"
              disabled={pending}
              onClick={() => (setStep('email'), setOutcome(null))}
              className={buttonStyles.secondary}
            >
              Use Another Email
            </button>
          </div>
        </form>
      )}
      {outcome && (
        <div className="mt-4 max-w-xl">
          <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>
        </div>
      )}
    </section>
  );
}
