import { useState, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/lib/auth';
import { unmetPasswordRules } from '@shared/password-policy';
import {
  isUnknownAccount,
  PASSWORD_TOO_WEAK,
  PASSWORDS_DO_NOT_MATCH,
  providerErrorMessage,
  resetErrorMessage,
} from '../utils/auth-errors';
import { NewPasswordFields } from '@/components/ui/new-password-fields';

interface ForgotPasswordFormProps {
  initialEmail: string;
  onSignedIn: () => void;
  onCancel: () => void;
}

/**
 * 'Forgot password?': the email gets a code (Cognito ForgotPassword), then the code and a new password set it
 * and sign the user in. Whether the email has an account is never revealed: the code step follows either way.
 */
export function ForgotPasswordForm({ initialEmail, onSignedIn, onCancel }: ForgotPasswordFormProps) {
  const { resetPassword, confirmResetPassword, signIn } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendCode = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setError(null);
    setPending(true);
    try {
      await resetPassword(email.trim());
      setCodeSentTo(email.trim());
    } catch (err) {
      if (isUnknownAccount(err)) setCodeSentTo(email.trim());
      else setError(providerErrorMessage(err, 'Sending the code failed. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  const setNewPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (unmetPasswordRules(password).length > 0) return setError(PASSWORD_TOO_WEAK);
    if (password !== confirmPassword) return setError(PASSWORDS_DO_NOT_MATCH);
    setPending(true);
    try {
      await confirmResetPassword(codeSentTo!, code.trim(), password);
    } catch (err) {
      setError(resetErrorMessage(err));
      setPending(false);
      return;
    }
    try {
      await signIn(codeSentTo!, password);
      onSignedIn();
    } catch (err) {
      setError(providerErrorMessage(err, 'Your password is changed, but signing in failed. Please sign in.'));
      setPending(false);
    }
  };

  if (!codeSentTo) {
    return (
      <form onSubmit={sendCode} className="space-y-4" aria-label="Reset your password">
        <p className="text-sm text-slate-700">
          Enter the email you signed up with and we will email you a code to choose a new password.
        </p>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" disabled={pending} className={`${buttonStyles.primary} w-full`}>
          {pending ? 'Sending code...' : 'Send Code'}
        </button>
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <button type="button" onClick={onCancel} className="w-full text-sm font-medium text-brand-700 hover:underline">
          Back to sign in
        </button>
      </form>
    );
  }

  return (
    <form onSubmit={setNewPassword} className="space-y-4" aria-label="Choose a new password">
      <FormMessage kind="info">{`If an account exists for ${codeSentTo}, we have emailed it a code. Enter it below with your new password.`}</FormMessage>
      <TextField
        label="Code"
        name="reset-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <NewPasswordFields
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
        names={{ password: 'new-password', confirm: 'confirm-new-password' }}
        password={password}
        confirm={confirmPassword}
        onPassword={setPassword}
        onConfirm={setConfirmPassword}
      />
      <button type="submit" disabled={pending} className={`${buttonStyles.primary} w-full`}>
        {pending ? 'Saving...' : 'Set New Password'}
      </button>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          disabled={pending}
          onClick={() => void sendCode()}
          className="font-medium text-brand-700 hover:underline"
        >
          Send a new code
        </button>
        <button type="button" onClick={onCancel} className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </button>
      </div>
    </form>
  );
}
