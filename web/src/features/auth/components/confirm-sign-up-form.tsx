import { useState, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/lib/auth';
import { providerErrorMessage, SIGN_UP_SUCCESS } from '../utils/auth-errors';

export interface PendingConfirmation {
  email: string;
  /** Kept in memory only, to sign in right after confirming. */
  password: string;
  /** Whether the user just signed up, or tried to sign in before confirming. */
  reason: 'signedUp' | 'unconfirmed';
}

interface ConfirmSignUpFormProps {
  pending: PendingConfirmation;
  onSignedIn: () => void;
}

export function ConfirmSignUpForm({ pending: account, onSignedIn }: ConfirmSignUpFormProps) {
  const { confirmSignUp, resendSignUpCode, signIn } = useAuth();
  const [resent, setResent] = useState(false);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await confirmSignUp(account.email, code.trim());
      const outcome = await signIn(account.email, account.password);
      if (outcome === 'signedIn') onSignedIn();
      else setError('Your email is still not confirmed. Please check the code and try again.');
    } catch (err) {
      setError(providerErrorMessage(err, 'Confirmation failed. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  const resend = async () => {
    setError(null);
    setResent(false);
    try {
      await resendSignUpCode(account.email);
      setResent(true);
    } catch (err) {
      setError(providerErrorMessage(err, 'Sending a new code failed. Please try again.'));
    }
  };

  return (
    <form onSubmit={handleSubmit} className="space-y-4">
      {account.reason === 'signedUp' ? (
        <FormMessage kind="success">{SIGN_UP_SUCCESS}</FormMessage>
      ) : (
        <FormMessage kind="info">Your email address is not confirmed yet.</FormMessage>
      )}
      <p className="text-sm text-slate-700">
        Enter the code we sent to <span className="font-medium text-slate-900">{account.email}</span> to finish setting
        up your account.
      </p>
      <TextField
        label="Confirmation code"
        name="confirmation-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <button type="submit" disabled={pending} className={`${buttonStyles.primary} w-full`}>
        {pending ? 'Confirming...' : 'Confirm'}
      </button>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {resent && <FormMessage kind="info">{`We sent a new code to ${account.email}.`}</FormMessage>}
      <button
        type="button"
        onClick={() => void resend()}
        className="w-full text-sm font-medium text-brand-700 hover:underline"
      >
        Send a new code
      </button>
    </form>
  );
}
