import { useState } from 'react';
import * as z from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/lib/auth';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { providerErrorMessage, SIGN_UP_SUCCESS } from '../utils/auth-errors';

const CodeFields = z.object({ code: z.string().trim() });

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
  const { form, formProps, formError, setFormError, submitting } = useSchemaForm({
    schema: CodeFields,
    defaultValues: { code: '' },
    onSubmit: async ({ code }) => {
      await confirmSignUp(account.email, code);
      const outcome = await signIn(account.email, account.password);
      if (outcome === 'signedIn') onSignedIn();
      else setFormError('Your email is still not confirmed. Please check the code and try again.');
    },
    failureMessage: (error) => providerErrorMessage(error, 'Confirmation failed. Please try again.'),
    focus: 'none',
  });
  const code = form.watch('code');

  const resend = async () => {
    setFormError(null);
    setResent(false);
    try {
      await resendSignUpCode(account.email);
      setResent(true);
    } catch (err) {
      setFormError(providerErrorMessage(err, 'Sending a new code failed. Please try again.'));
    }
  };

  return (
    // The browser's own check of the required field comes first.
    <form {...formProps} noValidate={false} className="space-y-4">
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
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => form.setValue('code', e.target.value)}
      />
      <button type="submit" disabled={submitting} className={`${buttonStyles.primary} w-full`}>
        {submitting ? 'Confirming...' : 'Confirm'}
      </button>
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
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
