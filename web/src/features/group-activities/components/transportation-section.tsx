import { Link } from 'react-router-dom';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';
import { detailsPath } from './activity-list';
import { RideOfferCard, RideRequestCard } from './ride-cards';
import { useRideActions } from './use-ride-actions';

/** Rides to the user's upcoming activities: offers to join, requests to answer (seats 1–4 per ride). */
export function TransportationSection() {
  const api = useApiClient();
  const rides = useServerQuery(queryKeys.rides.mine(), () => api.myRides());
  const actions = useRideActions();

  return (
    <section
      aria-labelledby="transportation-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div>
        <h2 id="transportation-heading" className="text-lg font-semibold text-slate-900">
          Transportation
        </h2>
        <p className="text-sm text-slate-600">
          Share a ride to your activities: up to 4 seats per car, costs split fairly, confirmed 24 hours before.
        </p>
      </div>
      {rides.status === 'loading' && <Spinner label="Loading rides" />}
      {rides.status === 'error' && (
        <div className="space-y-3">
          <FormMessage kind="error">{userMessage(rides.error)}</FormMessage>
          <button type="button" onClick={rides.reload} className={buttonStyles.secondary}>
            Try Again
          </button>
        </div>
      )}
      {rides.status === 'success' &&
        (rides.data.activities.length === 0 ? (
          <p className="text-sm text-slate-600">Join or create an activity to offer or find a ride to it.</p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="space-y-3">
              <h3 className="font-semibold text-slate-900">Ride offers</h3>
              {rides.data.offers.length === 0 ? (
                <p className="text-sm text-slate-600">No ride offers yet.</p>
              ) : (
                <ul className="space-y-3">
                  {rides.data.offers.map((offer) => (
                    <RideOfferCard
                      key={offer.id}
                      offer={offer}
                      activity={rides.data.activities.find((a) => a.id === offer.activityId)}
                      showActivity
                      actions={actions}
                    />
                  ))}
                </ul>
              )}
            </div>
            <div className="space-y-3">
              <h3 className="font-semibold text-slate-900">Ride requests</h3>
              {rides.data.requests.length === 0 ? (
                <p className="text-sm text-slate-600">No ride requests yet.</p>
              ) : (
                <ul className="space-y-3">
                  {rides.data.requests.map((request) => (
                    <RideRequestCard
                      key={request.id}
                      request={request}
                      activityTitle={rides.data.activities.find((a) => a.id === request.activityId)?.title}
                      actions={actions}
                    />
                  ))}
                </ul>
              )}
            </div>
            <p className="text-sm text-slate-600 lg:col-span-2">
              To offer or ask for a ride, open one of your activities:{' '}
              {rides.data.activities.map((activity, index) => (
                <span key={activity.id}>
                  {index > 0 && ', '}
                  <Link to={detailsPath(activity.id)} className="font-medium text-brand-800 underline">
                    {activity.title}
                  </Link>
                </span>
              ))}
              .
            </p>
          </div>
        ))}
    </section>
  );
}
