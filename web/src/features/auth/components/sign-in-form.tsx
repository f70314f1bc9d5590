import * as z from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/lib/auth';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { signInErrorMessage } from '../utils/auth-errors';

const SignInFields = z.object({ email: z.string().trim(), password: z.string() });

interface SignInFormProps {
  onSignedIn: () => void;
  /** The account exists but its email was never confirmed. */
  onNeedsConfirmation: (email: string, password: string) => void;
  /** 'Forgot password?', with what the user typed as email. */
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ onSignedIn, onNeedsConfirmation, onForgotPassword }: SignInFormProps) {
  const { signIn } = useAuth();
  const { form, formProps, formError, submitting } = useSchemaForm({
    schema: SignInFields,
    defaultValues: { email: '', password: '' },
    onSubmit: async ({ email, password }) => {
      const outcome = await signIn(email, password);
      if (outcome === 'confirmSignUp') onNeedsConfirmation(email, password);
      else onSignedIn();
    },
    failureMessage: signInErrorMessage,
    focus: 'none',
  });
  const values = form.watch();

  return (
    // The browser's own check of the required fields comes first.
    <form {...formProps} noValidate={false} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(e) => form.setValue('email', e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(e) => form.setValue('password', e.target.value)}
      />
      <div className="-mt-1 text-right">
        <button
          type="button"
          // The form's value now, not this render's: a press held while the forms' code loaded is replayed before
          // the render that shows what was typed before it.
          onClick={() => onForgotPassword(form.getValues('email').trim())}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Forgot password?
        </button>
      </div>
      <button type="submit" disabled={submitting} className={`${buttonStyles.primary} w-full`}>
        {submitting ? 'Signing in...' : 'Sign In'}
      </button>
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
    </form>
  );
}
