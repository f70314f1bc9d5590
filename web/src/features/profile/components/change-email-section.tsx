import { useState } from 'react';
import * as z from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useApiClient } from '@/lib/api-client-context';
import { useAuth } from '@/lib/auth';
import { useSchemaForm } from '@/lib/forms/use-schema-form';

const NewEmailForm = z.object({ email: z.string().trim() });
const CodeForm = z.object({ code: z.string().trim() });

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
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [notice, setNotice] = useState<string | null>(null);

  const request = useSchemaForm({
    schema: NewEmailForm,
    defaultValues: { email: '' },
    // The form's one problem, not the field's: '' is the form itself.
    check: ({ email }) => ({
      '': email.toLowerCase() === user?.email.toLowerCase() ? 'That is already your email.' : undefined,
    }),
    onSubmit: async ({ email }) => {
      if ((await updateEmail(email)) === 'done') return setNotice(`Your email is now ${email}.`);
      setStep('code');
      setNotice(`We sent a code to ${email}. Enter it below to confirm the change.`);
    },
    failureMessage: emailErrorMessage,
    focus: 'none',
  });
  const confirm = useSchemaForm({
    schema: CodeForm,
    defaultValues: { code: '' },
    onSubmit: async ({ code }) => {
      await confirmEmail(code);
      setStep('email');
      confirm.form.reset({ code: '' });
      setNotice(`Your email is now ${request.form.getValues('email').trim()}.`);
      request.form.reset({ email: '' });
    },
    failureMessage: emailErrorMessage,
    focus: 'none',
  });
  const current = step === 'email' ? request : confirm;
  const email = request.form.watch('email');
  const code = confirm.form.watch('code');

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
      {/* The browser's own check of the required field comes first. */}
      {step === 'email' ? (
        <form
          {...request.formProps}
          noValidate={false}
          onSubmit={(event) => (setNotice(null), request.formProps.onSubmit(event))}
          className="mt-4 grid max-w-xl gap-4"
        >
          <TextField
            label="New email"
            type="email"
            name="new-email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => request.form.setValue('email', e.target.value)}
          />
          <div>
            <button type="submit" disabled={request.submitting} className={buttonStyles.primary}>
              {request.submitting ? 'Sending code...' : 'Send Code'}
            </button>
          </div>
        </form>
      ) : (
        <form
          {...confirm.formProps}
          noValidate={false}
          onSubmit={(event) => (setNotice(null), confirm.formProps.onSubmit(event))}
          className="mt-4 grid max-w-xl gap-4"
        >
          <TextField
            label="Code"
            name="email-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => confirm.form.setValue('code', e.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={confirm.submitting} className={buttonStyles.primary}>
              {confirm.submitting ? 'Confirming...' : 'Confirm Email'}
            </button>
            <button
              type="button"
              disabled={confirm.submitting}
              onClick={() => (setStep('email'), setNotice(null), confirm.setFormError(null))}
              className={buttonStyles.secondary}
            >
              Use Another Email
            </button>
          </div>
        </form>
      )}
      {(current.formError ?? notice) && (
        <div className="mt-4 max-w-xl">
          {current.formError ? (
            <FormMessage kind="error">{current.formError}</FormMessage>
          ) : (
            <FormMessage kind="success">{notice!}</FormMessage>
          )}
        </div>
      )}
    </section>
  );
}
