import * as z from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { TextField } from '@/components/ui/text-field';
import { useAuth, type SignUpOutcome } from '@/lib/auth';
import { withNewPassword } from '@/lib/forms/new-password';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { signUpErrorMessage } from '../utils/auth-errors';

const SignUpFields = withNewPassword({ email: z.string().trim() });
const EMPTY = { email: '', password: '', confirm: '' };

interface SignUpFormProps {
  onSignedUp: (email: string, password: string, outcome: SignUpOutcome) => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { signUp } = useAuth();
  const { form, formProps, formError, submitting } = useSchemaForm({
    schema: SignUpFields,
    defaultValues: EMPTY,
    onSubmit: async ({ email, password }) => {
      const outcome = await signUp(email, password);
      onSignedUp(email, password, outcome);
    },
    failureMessage: signUpErrorMessage,
    focus: 'none',
  });
  const values = form.watch();
  const edit = (field: keyof typeof EMPTY) => (value: string) => form.setValue(field, value);

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
        onChange={(e) => edit('email')(e.target.value)}
      />
      <NewPasswordFields
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
        names={{ password: 'password', confirm: 'confirm' }}
        password={values.password}
        confirm={values.confirm}
        onPassword={edit('password')}
        onConfirm={edit('confirm')}
      />
      <button type="submit" disabled={submitting} className={`${buttonStyles.primary} w-full`}>
        {submitting ? 'Creating account...' : 'Sign Up'}
      </button>
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
    </form>
  );
}
