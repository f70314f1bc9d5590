import { useId, useState } from 'react';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SupportRequest } from '@shared/schemas/support';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { useApiClient } from '@/lib/api-client-context';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';

const EMPTY = { subject: '', message: '' };

/** "Contact support": a subject and a message; support answers by email. */
export function SupportForm() {
  const client = useApiClient();
  const idempotency = useIdempotencyKey();
  const [sent, setSent] = useState<{ priority: boolean } | null>(null);
  const subjectId = useId();
  const messageId = useId();
  const { form, formProps, fieldError, formError, submitting } = useSchemaForm({
    schema: SupportRequest,
    defaultValues: EMPTY,
    onSubmit: async (request) => {
      const receipt = await client.requestSupport(request, idempotency.keyFor(request));
      idempotency.sent();
      form.reset(EMPTY);
      setSent({ priority: receipt.priority });
    },
  });
  const message = form.watch('message');
  const subjectError = fieldError('subject');
  const messageError = fieldError('message');

  return (
    <form {...formProps} onSubmit={(event) => (setSent(null), formProps.onSubmit(event))} className="grid gap-4">
      <div className="space-y-1.5">
        <label htmlFor={subjectId} className="block text-sm font-medium text-slate-800">
          Subject
        </label>
        <input
          id={subjectId}
          maxLength={SUPPORT_SUBJECT_MAX}
          aria-invalid={subjectError ? true : undefined}
          aria-describedby={subjectError ? `${subjectId}-error` : undefined}
          {...form.register('subject')}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-slate-900"
        />
        {subjectError && (
          <p id={`${subjectId}-error`} className="text-sm text-red-700">
            {subjectError}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
          Message
        </label>
        <textarea
          id={messageId}
          rows={6}
          maxLength={SUPPORT_MESSAGE_MAX}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={`${messageId}-count${messageError ? ` ${messageId}-error` : ''}`}
          {...form.register('message')}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
        />
        {messageError && (
          <p id={`${messageId}-error`} className="text-sm text-red-700">
            {messageError}
          </p>
        )}
        <p id={`${messageId}-count`} className="text-xs text-slate-600">
          {message.length}/{SUPPORT_MESSAGE_MAX} characters. We answer at the email you sign in with.
        </p>
      </div>
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      {sent && (
        <FormMessage kind="success">
          {sent.priority
            ? 'Thanks, we have your request. As a Premium member, you are answered first.'
            : 'Thanks, we have your request. We will answer by email.'}
        </FormMessage>
      )}
      <div>
        <button type="submit" className={buttonStyles.primary} disabled={submitting}>
          {submitting ? 'Sending…' : 'Send to support'}
        </button>
      </div>
    </form>
  );
}
