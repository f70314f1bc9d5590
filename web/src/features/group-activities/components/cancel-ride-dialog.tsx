import { useId, useState } from 'react';
import { RIDE_CANCEL_REASON_MAX, type RideOffer } from '@shared/schemas/rides';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { namesWithOthers } from '../utils/format';

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-red-800';

/**
 * Asks the driver before their ride goes, as cancelling an activity and removing a participant do: who is booked in
 * it, that they will be told, and an optional reason that goes with the news.
 */
export function CancelRideDialog({
  offer,
  onConfirm,
  onCancel,
}: {
  offer: RideOffer;
  onConfirm(reason: string): void;
  onCancel(): void;
}) {
  const messageId = useId();
  const [reason, setReason] = useState('');
  const booked = offer.passengers.length + offer.passengersNotShown;
  const tooLong = reason.trim().length > RIDE_CANCEL_REASON_MAX;
  return (
    <Modal title="Cancel your ride?" onClose={onCancel} role="alertdialog" describedBy={messageId}>
      <p id={messageId} className="mt-2 text-slate-700">
        {booked > 0
          ? `${namesWithOthers(offer.passengers, offer.passengersNotShown)} ${booked === 1 ? 'has a seat' : 'have seats'} in it. They will be told the ride is cancelled and that their seat is no longer booked.`
          : 'Nobody has booked a seat yet. The ride goes from the list.'}
      </p>
      {booked > 0 && (
        <FormField
          label="Reason (optional)"
          hint={`Sent to your passengers with the news, up to ${RIDE_CANCEL_REASON_MAX} characters.`}
          error={tooLong ? `Keep the reason to ${RIDE_CANCEL_REASON_MAX} characters.` : undefined}
          className="mt-4"
        >
          {(props) => <textarea {...props} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </FormField>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
          Keep My Ride
        </button>
        <button
          type="button"
          disabled={tooLong}
          onClick={() => onConfirm(reason.trim())}
          className={`${dangerButton} disabled:cursor-not-allowed disabled:opacity-60`}
        >
          Cancel Ride
        </button>
      </div>
    </Modal>
  );
}
