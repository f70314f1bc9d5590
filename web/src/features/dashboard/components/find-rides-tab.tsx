import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatWallDateTime } from '@shared/schemas/group-activities-plain';
import type { MyRidesResponse, RideOffer, RideRequest } from '@shared/schemas/rides';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

const currency = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: 'CAD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** The Find Rides tab (spec core-app §2): ride offers to join and ride requests to answer, for the user's upcoming activities. */
export function FindRidesTab() {
  const api = useApiClient();
  const rides = useServerQuery(queryKeys.rides.mine(), () => api.myRides());

  if (rides.status === 'loading') return <Spinner label="Loading rides" />;
  if (rides.status === 'error') {
    return (
      <div className="space-y-3">
        <FormMessage kind="error">{userMessage(rides.error)}</FormMessage>
        <button type="button" onClick={rides.reload} className={buttonStyles.secondary}>
          Try Again
        </button>
      </div>
    );
  }
  const { offers, requests } = rides.data;
  if (offers.length === 0 && requests.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        {api.traits.noRidesText}
      </p>
    );
  }
  return <RideLists data={rides.data} />;
}

function RideLists({ data }: { data: MyRidesResponse }) {
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const titleOf = (activityId: string) => data.activities.find((a) => a.id === activityId)?.title;
  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toast.success(success);
      // Every list of rides on the screen reads again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.rides.all });
    } catch (error) {
      toast.error(userMessage(error));
    }
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="ride-offers-heading" className="space-y-3">
        <h2 id="ride-offers-heading" className="text-lg font-semibold text-slate-900">
          Available Ride Offers
        </h2>
        {data.offers.length === 0 ? (
          <p className="text-sm text-slate-600">No ride offers yet.</p>
        ) : (
          <ul className="space-y-3">
            {data.offers.map((offer) => (
              <OfferCard
                key={offer.id}
                offer={offer}
                activityTitle={titleOf(offer.activityId)}
                onJoin={() =>
                  run(() => api.bookRide(offer.activityId, offer.id), `Seat booked with ${offer.driverName}!`)
                }
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="ride-requests-heading" className="space-y-3">
        <h2 id="ride-requests-heading" className="text-lg font-semibold text-slate-900">
          Ride Requests
        </h2>
        {data.requests.length === 0 ? (
          <p className="text-sm text-slate-600">No ride requests yet.</p>
        ) : (
          <ul className="space-y-3">
            {data.requests.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                activityTitle={titleOf(request.activityId)}
                onOffer={() =>
                  run(
                    () => api.offerRideToRequest(request.activityId, request.id),
                    `Ride offer sent to ${request.requesterName}!`,
                  )
                }
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function OfferCard({
  offer,
  activityTitle,
  onJoin,
}: {
  offer: RideOffer;
  activityTitle?: string;
  onJoin: () => Promise<void>;
}) {
  const { vehicle } = offer;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="font-semibold text-slate-900">{offer.isMine ? 'Your ride' : offer.driverName}</p>
      <p className="text-sm text-slate-600">
        {offer.driverRating !== null && `★ ${offer.driverRating.toFixed(1)} · `}
        {offer.ridesOffered} rides offered · {vehicle.color} {vehicle.make} {vehicle.model}
      </p>
      {activityTitle && <p className="text-sm text-slate-600">To {activityTitle}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <Fact label="Departure" value={formatWallDateTime(offer.departureDate, offer.departureTime)} />
        <Fact label="Seats available" value={String(offer.availableSeats)} />
        <Fact label="Cost per person" value={currency.format(offer.costPerPerson)} />
        <Fact label="Pickup locations" value={offer.pickupLocations.join(', ')} />
      </dl>
      {offer.notes && <p className="mt-2 text-sm text-slate-600">{offer.notes}</p>}
      {offer.isMine ? null : offer.bookedByMe ? (
        <p className="mt-3 text-sm font-medium text-brand-800">Your seat is booked</p>
      ) : offer.availableSeats > 0 ? (
        <PendingButton label="Join Ride" pendingLabel="Booking..." onClick={onJoin} />
      ) : (
        <p className="mt-3 text-sm font-medium text-slate-600">Full</p>
      )}
    </li>
  );
}

function RequestCard({
  request,
  activityTitle,
  onOffer,
}: {
  request: RideRequest;
  activityTitle?: string;
  onOffer: () => Promise<void>;
}) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="font-semibold text-slate-900">{request.isMine ? 'Your request' : request.requesterName}</p>
      {activityTitle && <p className="text-sm text-slate-600">To {activityTitle}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <Fact label="Preferred pickup" value={request.preferredPickup} />
        <Fact label="Willing to share costs" value={request.willingToShare ? 'Yes' : 'No'} />
      </dl>
      {request.notes && <p className="mt-2 text-sm text-slate-600">{request.notes}</p>}
      {request.isMine ? null : request.offeredByMe ? (
        <p className="mt-3 text-sm font-medium text-brand-800">You offered your ride</p>
      ) : (
        <PendingButton label="Offer Ride" pendingLabel="Sending..." onClick={onOffer} />
      )}
    </li>
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

function PendingButton({
  label,
  pendingLabel,
  onClick,
}: {
  label: string;
  pendingLabel: string;
  onClick: () => Promise<void>;
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
    <button type="button" onClick={run} disabled={pending} className={`${buttonStyles.primary} mt-3`}>
      {pending ? pendingLabel : label}
    </button>
  );
}
