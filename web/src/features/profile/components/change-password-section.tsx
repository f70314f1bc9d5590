import { useState } from 'react';
import * as z from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { TextField } from '@/components/ui/text-field';
import { useApiClient } from '@/lib/api-client-context';
import { useAuth } from '@/lib/auth';
import { withNewPassword } from '@/lib/forms/new-password';
import { useSchemaForm } from '@/lib/forms/use-schema-form';

const ChangePasswordForm = withNewPassword({ current: z.string() });
const EMPTY = { current: '', password: '', confirm: '' };

/** Cognito's answer as a sentence: a wrong current password says so plainly. */
function changeErrorMessage(error: unknown): string {
  const { name, message } = error instanceof Error ? error : { name: '', message: '' };
  if (name === 'NotAuthorizedException') return 'Your current password is not right.';
  if (name === 'LimitExceededException') return 'Too many attempts. Please wait a while and try again.';
  return message || 'Changing the password failed. Please try again.';
}

/** 'Change password' in the profile's account area: the current password, a new one meeting the pool's rules. */
export function ChangePasswordSection() {
  const { updatePassword } = useAuth();
  const { traits } = useApiClient();
  const [changed, setChanged] = useState(false);
  const { form, formProps, formError, submitting } = useSchemaForm({
    schema: ChangePasswordForm,
    defaultValues: EMPTY,
    onSubmit: async ({ current, password }) => {
      await updatePassword(current, password);
      form.reset(EMPTY);
      setChanged(true);
    },
    failureMessage: changeErrorMessage,
    focus: 'none',
  });
  const values = form.watch();
  const edit = (field: keyof typeof EMPTY) => (value: string) => form.setValue(field, value);

  if (!traits.credentialsEditable) return null;
  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      {/* The browser's own check of the required fields comes first, as on the sign-in forms. */}
      <form
        {...formProps}
        noValidate={false}
        onSubmit={(event) => (setChanged(false), formProps.onSubmit(event))}
        className="mt-4 grid max-w-xl gap-4"
      >
        <TextField
          label="Current password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          required
          value={values.current}
          onChange={(e) => edit('current')(e.target.value)}
        />
        <NewPasswordFields
          labels={{ password: 'New password', confirm: 'Confirm new password' }}
          names={{ password: 'new-password', confirm: 'confirm-new-password' }}
          password={values.password}
          confirm={values.confirm}
          onPassword={edit('password')}
          onConfirm={edit('confirm')}
        />
        <div>
          <button type="submit" disabled={submitting} className={buttonStyles.primary}>
            {submitting ? 'Changing...' : 'Change Password'}
          </button>
        </div>
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        {changed && <FormMessage kind="success">Your password has been changed.</FormMessage>}
      </form>
    </section>
  );
}
