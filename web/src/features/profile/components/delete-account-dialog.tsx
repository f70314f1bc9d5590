import { useId } from 'react';
import * as z from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import { userMessage } from '@/lib/error-messages';
import { useSchemaForm } from '@/lib/forms/use-schema-form';

/** What the user types to confirm: deliberate enough that nobody deletes their account by a stray click. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

const Confirmation = z.object({ typed: z.string().trim().pipe(z.literal(DELETE_CONFIRMATION_WORD)) });

interface DeleteAccountDialogProps {
  /** Deletes the account; when it throws, nothing was deleted. */
  onConfirm(): Promise<void>;
  onCancel(): void;
}

/**
 * The confirmation for 'Delete my account and data': an alert dialog that says what goes and asks for the
 * word DELETE. Focus starts in the word's field (the dialog's first control); Escape cancels unless deleting, and a
 * click beside it does nothing.
 */
export function DeleteAccountDialog({ onConfirm, onCancel }: DeleteAccountDialogProps) {
  const id = useId();
  const {
    form,
    formProps,
    formError: error,
    submitting: deleting,
  } = useSchemaForm({
    schema: Confirmation,
    defaultValues: { typed: '' },
    onSubmit: onConfirm,
    failureMessage: (failure) => `Nothing was deleted: ${userMessage(failure)}`,
    // Enter before the word is typed does nothing, as the disabled button does.
    focus: 'none',
  });
  const typed = form.watch('typed');
  const confirmed = Confirmation.safeParse({ typed }).success;

  return (
    <Modal
      title="Delete your account and data?"
      role="alertdialog"
      describedBy={`${id}-description`}
      closeOnBackdrop={false}
      onClose={() => {
        if (!deleting) onCancel();
      }}
    >
      <div id={`${id}-description`} className="mt-3 space-y-3 text-sm text-slate-700">
        <p>This deletes, right now and for good:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>your profile, partner listing, connections, messages, plans and ride offers;</li>
          <li>your connected apps: TrailBuddy is deauthorized at Strava and Google and their tokens are deleted;</li>
          <li>every activity, metric and daily summary we keep for you;</li>
          <li>your sign-in, so you will be signed out.</li>
        </ul>
        <p>It cannot be undone. Activities stay in Strava or Google; only TrailBuddy’s copy goes.</p>
      </div>
      <form {...formProps} className="mt-5 space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-confirm`} className="block text-sm font-medium text-slate-800">
            Type {DELETE_CONFIRMATION_WORD} to confirm
          </label>
          <input
            id={`${id}-confirm`}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            disabled={deleting}
            onChange={(event) => form.setValue('typed', event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-red-600 focus:outline-none focus:ring-2 focus:ring-red-600/30 disabled:bg-slate-100"
          />
        </div>
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} disabled={deleting} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button type="submit" disabled={!confirmed || deleting} aria-busy={deleting} className={dangerButton}>
            {deleting && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              />
            )}
            {deleting ? 'Deleting...' : 'Delete Forever'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';
