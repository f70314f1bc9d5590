import { useState } from 'react';
import * as z from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/lib/auth';
import { withNewPassword } from '@/lib/forms/new-password';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { isUnknownAccount, providerErrorMessage, resetErrorMessage } from '../utils/auth-errors';

const EmailFields = z.object({ email: z.string().trim() });
const NewPasswordWithCode = withNewPassword({ code: z.string().trim() });
const NO_NEW_PASSWORD = { code: '', password: '', confirm: '' };

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
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);

  const request = useSchemaForm({
    schema: EmailFields,
    defaultValues: { email: initialEmail },
    onSubmit: async ({ email }) => {
      try {
        await resetPassword(email);
      } catch (error) {
        if (!isUnknownAccount(error)) throw error;
      }
      setCodeSentTo(email);
    },
    failureMessage: (error) => providerErrorMessage(error, 'Sending the code failed. Please try again.'),
    focus: 'none',
  });
  const reset = useSchemaForm({
    schema: NewPasswordWithCode,
    defaultValues: NO_NEW_PASSWORD,
    onSubmit: async ({ code, password }) => {
      await confirmResetPassword(codeSentTo!, code, password);
      try {
        await signIn(codeSentTo!, password);
      } catch (error) {
        reset.setFormError(
          providerErrorMessage(error, 'Your password is changed, but signing in failed. Please sign in.'),
        );
        return;
      }
      onSignedIn();
    },
    failureMessage: resetErrorMessage,
    focus: 'none',
  });
  const email = request.form.watch('email');
  const values = reset.form.watch();
  const edit = (field: keyof typeof NO_NEW_PASSWORD) => (value: string) => reset.form.setValue(field, value);
  const pending = request.submitting || reset.submitting;
  // 'Send a new code' on the second step reports through the first step's form.
  const error = codeSentTo ? (reset.formError ?? request.formError) : request.formError;

  if (!codeSentTo) {
    return (
      // The browser's own check of the required field comes first.
      <form {...request.formProps} noValidate={false} className="space-y-4" aria-label="Reset your password">
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
          onChange={(e) => request.form.setValue('email', e.target.value)}
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
    <form
      {...reset.formProps}
      noValidate={false}
      onSubmit={(event) => (request.setFormError(null), reset.formProps.onSubmit(event))}
      className="space-y-4"
      aria-label="Choose a new password"
    >
      <FormMessage kind="info">{`If an account exists for ${codeSentTo}, we have emailed it a code. Enter it below with your new password.`}</FormMessage>
      <TextField
        label="Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={values.code}
        onChange={(e) => edit('code')(e.target.value)}
      />
      <NewPasswordFields
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
        names={{ password: 'password', confirm: 'confirm' }}
        password={values.password}
        confirm={values.confirm}
        onPassword={edit('password')}
        onConfirm={edit('confirm')}
      />
      <button type="submit" disabled={pending} className={`${buttonStyles.primary} w-full`}>
        {pending ? 'Saving...' : 'Set New Password'}
      </button>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          disabled={pending}
          onClick={() => (reset.setFormError(null), void request.submit())}
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
