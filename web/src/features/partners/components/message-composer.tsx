import { useId } from 'react';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_QUOTA_EXCEEDED_MESSAGE,
  SendMessageRequest,
  type MessageQuota,
  type SendMessageResponse,
} from '@shared/schemas/messages';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { ApiError } from '@/lib/api/api-error';
import { useApiClient } from '@/lib/api-client-context';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { actionMessage } from '../utils/partner-format';
import { QuotaLine } from './quota-line';

interface MessageComposerProps {
  userId: string;
  quota: MessageQuota | null;
  onSent: (answer: SendMessageResponse) => void;
  /** The server refused the message for the month's free quota. */
  onQuotaExceeded: () => void;
}

/** Writes a message to `userId`, checked by the server's own rule (SendMessageRequest) before it is sent. */
export function MessageComposer({ userId, quota, onSent, onQuotaExceeded }: MessageComposerProps) {
  const api = useApiClient();
  const once = useIdempotencyKey();
  const inputId = useId();
  const { form, formProps, fieldError, formError, submitting } = useSchemaForm({
    schema: SendMessageRequest,
    defaultValues: { text: '' },
    onSubmit: async ({ text }) => {
      try {
        const sent = await api.sendMessage(userId, text, once.keyFor({ userId, text }));
        once.sent();
        form.reset({ text: '' });
        onSent(sent);
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 429) onQuotaExceeded();
        throw failure;
      }
    },
    failureMessage: actionMessage,
  });
  const text = form.watch('text');
  const textError = fieldError('text');
  const error = textError ?? formError;
  const exhausted = quota?.remaining === 0 && !quota.unlimited;

  return (
    <form {...formProps} className="mt-auto space-y-2" aria-label="Send a message">
      {quota && <QuotaLine quota={quota} />}
      {error && error !== MESSAGE_QUOTA_EXCEEDED_MESSAGE && <FormMessage kind="error">{error}</FormMessage>}
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Message
      </label>
      <textarea
        id={inputId}
        name="text"
        value={text}
        onChange={(event) => form.setValue('text', event.target.value)}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        disabled={exhausted || submitting}
        aria-invalid={textError ? true : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100"
      />
      <button type="submit" className={buttonStyles.primary} disabled={exhausted || submitting}>
        {submitting ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}
