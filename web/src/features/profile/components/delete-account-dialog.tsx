import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';

/** What the user types to confirm: deliberate enough that nobody deletes their account by a stray click. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

interface DeleteAccountDialogProps {
  deleting: boolean;
  error: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The confirmation for 'Delete my account and data': an alert dialog that says what goes and asks for the
 * word DELETE. Focus moves in, stays in (Tab wraps) and returns on close; Escape cancels unless deleting.
 */
export function DeleteAccountDialog({ deleting, error, onConfirm, onCancel }: DeleteAccountDialogProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === DELETE_CONFIRMATION_WORD;

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    input.current?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!deleting) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !deleting) onConfirm();
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-4 sm:items-center">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog's keydown traps Tab and handles Escape for its contents */}
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onKeyDown={onKeyDown}
        className="max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Delete your account and data?
        </h2>
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
        <form onSubmit={submit} className="mt-5 space-y-4">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-confirm`} className="block text-sm font-medium text-slate-800">
              Type {DELETE_CONFIRMATION_WORD} to confirm
            </label>
            <input
              ref={input}
              id={`${id}-confirm`}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={typed}
              disabled={deleting}
              onChange={(event) => setTyped(event.target.value)}
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
      </div>
    </div>,
    document.body,
  );
}

export const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';
