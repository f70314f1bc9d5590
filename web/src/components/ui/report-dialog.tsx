import { useId, useState } from 'react';
import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  ReportDetails,
  type ReportReceipt,
  type ReportRequest,
} from '@shared/schemas/reports';
import { Modal } from '@/components/ui/modal';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { ApiError } from '@/lib/api/api-error';
import { userMessage } from '@/lib/error-messages';
import { useSchemaForm } from '@/lib/forms/use-schema-form';

/** What is being reported: a report request without the reporter's reason and note. */
export type ReportTarget = ReportRequest extends infer R
  ? R extends ReportRequest
    ? Omit<R, 'reason' | 'note'>
    : never
  : never;

const KIND_WORDS: Record<ReportTarget['kind'], string> = {
  person: 'this person',
  message: 'this message',
  group_activity: 'this activity',
  ride: 'this ride',
  ride_request: 'this ride request',
};

export const REPORT_RATE_LIMITED_MESSAGE =
  'You have sent a lot of reports in the last hour. Please wait a while before sending another.';

interface ReportDialogProps {
  target: ReportTarget;
  /** Files the report (the caller's API call); its receipt says what happens next. */
  send(request: ReportRequest): Promise<ReportReceipt>;
  onClose(): void;
}

/** Asks why (reason + optional note), files the report through `send`, then tells the reporter what happens next. */
export function ReportDialog({ target, send, onClose }: ReportDialogProps) {
  const reasonId = useId();
  const noteId = useId();
  const [receipt, setReceipt] = useState<ReportReceipt | null>(null);
  const { form, formProps, formError, submitting } = useSchemaForm({
    schema: ReportDetails,
    defaultValues: { reason: '', note: '' },
    toInput: ({ reason, note }) => ({ reason: reason === '' ? undefined : reason, note }),
    onSubmit: async ({ reason, note }) => {
      setReceipt(await send({ ...target, reason, ...(note ? { note } : {}) } as ReportRequest));
    },
    messages: { invalid: 'Choose a reason.' },
    failureMessage: (caught) =>
      caught instanceof ApiError && caught.status === 429 ? REPORT_RATE_LIMITED_MESSAGE : userMessage(caught),
    focus: 'none',
  });
  const note = form.watch('note');
  const what = KIND_WORDS[target.kind];

  if (receipt) {
    return (
      <Modal title="Report sent" onClose={onClose}>
        <p className="mt-2 text-slate-700">{receipt.nextSteps}</p>
        <div className="mt-6 flex justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.primary}>
            Done
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={`Report ${what}`} onClose={onClose}>
      <form {...formProps} className="mt-4 space-y-4">
        <div className="space-y-1">
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
            Reason
          </label>
          <select
            id={reasonId}
            {...form.register('reason')}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900"
          >
            <option value="">Choose a reason</option>
            {REPORT_REASONS.map((value) => (
              <option key={value} value={value}>
                {REPORT_REASON_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">
            Note (optional)
          </label>
          <textarea
            id={noteId}
            maxLength={REPORT_NOTE_MAX}
            rows={3}
            {...form.register('note')}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
          />
          <p className="text-xs text-slate-600">
            {note.length}/{REPORT_NOTE_MAX} characters. The person you report is not told who reported them.
          </p>
        </div>
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button type="submit" disabled={submitting} className={buttonStyles.primary}>
            {submitting ? 'Sending...' : 'Send report'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
