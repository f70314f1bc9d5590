import { useState } from 'react';
import { ReportButton } from '@/components/reports/report-button';
import type { RideActivityRef, RideOffer, RideRequest } from '@shared/schemas/rides';
import { AddToCalendarButton } from '@/components/ui/add-to-calendar-button';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatCost, formatDeparture, namesWithOthers } from '../utils/format';
import { rideCalendarEvent } from '../utils/links';
import { CancelRideDialog } from './cancel-ride-dialog';

export interface RideActions {
  book(offer: RideOffer): Promise<void>;
  cancelBooking(offer: RideOffer): Promise<void>;
  /** The driver cancels their ride (asked first); `reason` goes to the passengers. */
  withdraw(offer: RideOffer, reason?: string): Promise<void>;
  offerTo(request: RideRequest): Promise<void>;
  withdrawRequest(request: RideRequest): Promise<void>;
}

function ActionButton({
  label,
  pendingLabel,
  onClick,
  style = 'primary',
}: {
  label: string;
  pendingLabel: string;
  onClick: () => Promise<void>;
  style?: keyof typeof buttonStyles;
}) {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await onClick();
    } finally {
      setPending(false);
    }
  };
  return (
    <button type="button" onClick={run} disabled={pending} className={buttonStyles[style]}>
      {pending ? pendingLabel : label}
    </button>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** A ride offer: driver, vehicle, departure, seats, pickups, cost, notes, and what the viewer can do with it. */
export function RideOfferCard({
  offer,
  activity,
  showActivity = false,
  actions,
}: {
  offer: RideOffer;
  /** The activity the ride goes to (for its calendar event); named on the card when `showActivity`. */
  activity?: RideActivityRef;
  showActivity?: boolean;
  actions: RideActions;
}) {
  const { vehicle } = offer;
  const [askingToCancel, setAskingToCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = async (reason: string) => {
    setAskingToCancel(false);
    setCancelling(true);
    try {
      await actions.withdraw(offer, reason || undefined);
    } finally {
      setCancelling(false);
    }
  };
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="font-semibold text-slate-900">{offer.isMine ? 'Your ride' : offer.driverName}</p>
      <p className="text-sm text-slate-600">
        {offer.driverRating !== null && `★ ${offer.driverRating.toFixed(1)} · `}
        {offer.ridesOffered} {offer.ridesOffered === 1 ? 'ride' : 'rides'} offered · {vehicle.color} {vehicle.year}{' '}
        {vehicle.make} {vehicle.model}
      </p>
      {showActivity && activity && <p className="text-sm text-slate-600">To {activity.title}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <Fact label="Departure" value={formatDeparture(offer)} />
        <Fact label="Seats available" value={`${offer.availableSeats} of ${offer.seats}`} />
        <Fact label="Cost per person" value={formatCost(offer.costPerPerson)} />
        <Fact label="Pickup locations" value={offer.pickupLocations.join(', ')} />
      </dl>
      {offer.notes && <p className="mt-2 text-sm text-slate-600">{offer.notes}</p>}
      {offer.passengers.length + offer.passengersNotShown > 0 && (
        <p className="mt-2 text-sm text-slate-600">
          Passengers: {namesWithOthers(offer.passengers, offer.passengersNotShown)}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {offer.isMine ? (
          <button
            type="button"
            onClick={() => setAskingToCancel(true)}
            disabled={cancelling}
            className={buttonStyles.secondary}
          >
            {cancelling ? 'Cancelling...' : 'Cancel Ride'}
          </button>
        ) : offer.bookedByMe ? (
          <ActionButton
            label="Cancel My Seat"
            pendingLabel="Cancelling..."
            style="secondary"
            onClick={() => actions.cancelBooking(offer)}
          />
        ) : offer.availableSeats > 0 ? (
          <ActionButton label="Join Ride" pendingLabel="Booking..." onClick={() => actions.book(offer)} />
        ) : (
          <span className="text-sm font-medium text-slate-600">Full</span>
        )}
        {activity && (offer.isMine || offer.bookedByMe) && (
          <AddToCalendarButton
            event={() => rideCalendarEvent(offer, activity, window.location.origin)}
            className={buttonStyles.ghost}
          />
        )}
        {!offer.isMine && (
          <ReportButton
            target={{ kind: 'ride', activityId: offer.activityId, rideId: offer.id }}
            ariaLabel={`Report the ride offered by ${offer.driverName}`}
          />
        )}
      </div>
      {askingToCancel && (
        <CancelRideDialog
          offer={offer}
          onConfirm={(reason) => void cancel(reason)}
          onCancel={() => setAskingToCancel(false)}
        />
      )}
    </li>
  );
}

/** A ride request: preferred pickup, willingness to share costs, notes, and Offer Ride. */
export function RideRequestCard({
  request,
  activityTitle,
  actions,
}: {
  request: RideRequest;
  activityTitle?: string;
  actions: RideActions;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="font-semibold text-slate-900">{request.isMine ? 'Your request' : request.requesterName}</p>
      {activityTitle && <p className="text-sm text-slate-600">To {activityTitle}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <Fact label="Preferred pickup" value={request.preferredPickup} />
        <Fact label="Willing to share costs" value={request.willingToShare ? 'Yes' : 'No'} />
      </dl>
      {request.notes && <p className="mt-2 text-sm text-slate-600">{request.notes}</p>}
      {request.offeredBy.length > 0 && (
        <p className="mt-2 text-sm text-slate-600">Offered by: {request.offeredBy.join(', ')}</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {request.isMine ? (
          <ActionButton
            label="Withdraw Request"
            pendingLabel="Withdrawing..."
            style="secondary"
            onClick={() => actions.withdrawRequest(request)}
          />
        ) : request.offeredByMe ? (
          <span className="text-sm font-medium text-brand-800">You offered your ride</span>
        ) : (
          <ActionButton label="Offer Ride" pendingLabel="Offering..." onClick={() => actions.offerTo(request)} />
        )}
        {!request.isMine && (
          <ReportButton
            target={{ kind: 'ride_request', activityId: request.activityId, requestId: request.id }}
            ariaLabel={`Report the ride request of ${request.requesterName}`}
          />
        )}
      </div>
    </li>
  );
}
