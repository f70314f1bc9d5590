import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GroupActivityDetails } from '@shared/schemas/group-activities';
import type { RideRequest } from '@shared/schemas/rides';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';
import { RideOfferCard, RideRequestCard } from './ride-cards';
import { OfferRideForm, RequestRideForm } from './ride-forms';
import { useRideActions } from './use-ride-actions';

/** An activity's rides, for its participants: offers with Join Ride, requests with Offer Ride, and the two forms. */
export function RidesSection({ activity }: { activity: GroupActivityDetails }) {
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const rides = useServerQuery(queryKeys.rides.ofActivity(activity.id), () => api.activityRides(activity.id));
  const rideActions = useRideActions();
  const [openForm, setOpenForm] = useState<'offer' | 'request' | null>(null);
  // "Offer Ride" on a request before the viewer has a ride: open the offer form, then offer it to that request.
  const [offerFor, setOfferFor] = useState<RideRequest | null>(null);
  const open = !activity.cancelledAt;

  const mine =
    rides.status === 'success'
      ? { offer: rides.data.offers.some((o) => o.isMine), request: rides.data.requests.some((r) => r.isMine) }
      : { offer: true, request: true };
  const actions = {
    ...rideActions,
    offerTo: async (request: RideRequest) => {
      if (mine.offer) return rideActions.offerTo(request);
      setOfferFor(request);
      setOpenForm('offer');
    },
  };

  return (
    <section
      aria-labelledby="rides-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rides-heading" className="text-lg font-semibold text-slate-900">
          Rides
        </h2>
        {open && (
          <div className="flex flex-wrap gap-2">
            {!mine.offer && (
              <button
                type="button"
                aria-expanded={openForm === 'offer'}
                onClick={() => setOpenForm(openForm === 'offer' ? null : 'offer')}
                className={buttonStyles.secondary}
              >
                Offer a Ride
              </button>
            )}
            {!mine.request && (
              <button
                type="button"
                aria-expanded={openForm === 'request'}
                onClick={() => setOpenForm(openForm === 'request' ? null : 'request')}
                className={buttonStyles.secondary}
              >
                Request a Ride
              </button>
            )}
          </div>
        )}
      </div>
      {openForm === 'offer' && (
        <>
          {offerFor && (
            <p className="text-sm text-slate-700">{`Offer your ride first; it then goes to ${offerFor.requesterName}'s request.`}</p>
          )}
          <OfferRideForm
            onSubmit={(input) => api.offerRide(activity.id, input)}
            onDone={() => {
              setOpenForm(null);
              setOfferFor(null);
              if (offerFor) return rideActions.offerTo(offerFor);
              toast.success('Your ride is offered to the group.');
              void queryClient.invalidateQueries({ queryKey: queryKeys.rides.all });
            }}
          />
        </>
      )}
      {openForm === 'request' && (
        <RequestRideForm
          onSubmit={(input) => api.requestRide(activity.id, input)}
          onDone={() => {
            toast.success('Your ride request is posted.');
            setOpenForm(null);
            void queryClient.invalidateQueries({ queryKey: queryKeys.rides.all });
          }}
        />
      )}
      {rides.status === 'loading' && <Spinner label="Loading rides" />}
      {rides.status === 'error' && (
        <div className="space-y-3">
          <FormMessage kind="error">{userMessage(rides.error)}</FormMessage>
          <button type="button" onClick={rides.reload} className={buttonStyles.secondary}>
            Try Again
          </button>
        </div>
      )}
      {rides.status === 'success' && (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-3">
            <h3 className="font-semibold text-slate-900">Ride offers</h3>
            {rides.data.offers.length === 0 ? (
              <p className="text-sm text-slate-600">No one has offered a ride yet.</p>
            ) : (
              <ul className="space-y-3">
                {rides.data.offers.map((offer) => (
                  <RideOfferCard key={offer.id} offer={offer} activity={activity} actions={actions} />
                ))}
              </ul>
            )}
          </div>
          <div className="space-y-3">
            <h3 className="font-semibold text-slate-900">Ride requests</h3>
            {rides.data.requests.length === 0 ? (
              <p className="text-sm text-slate-600">No one has asked for a ride yet.</p>
            ) : (
              <ul className="space-y-3">
                {rides.data.requests.map((request) => (
                  <RideRequestCard key={request.id} request={request} actions={actions} />
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
