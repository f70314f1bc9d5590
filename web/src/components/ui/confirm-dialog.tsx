import { useId } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { Modal } from './modal';

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-red-800';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before something that cannot be undone from here (spec §5: disconnect requires confirmation). */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" describedBy={messageId}>
      <p id={messageId} className="mt-2 text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
          Cancel
        </button>
        <button type="button" onClick={onConfirm} className={dangerButton}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
