import { useState } from 'react';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import type { DemoRideData, DemoRideUser } from '@/lib/demo/demo-social';

const REPLY_DELAY_MS = 1000;
const departureFormat = new Intl.DateTimeFormat('en-CA', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const currency = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 });

/** Demo mode's Find Rides tab (spec core-app §2): ride offers to join and ride requests to answer. */
export function FindRidesTab({ rides }: { rides: DemoRideData | null }) {
  if (!rides || (rides.offers.length === 0 && rides.requests.length === 0)) {
    return <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">Demo ride data not available</p>;
  }
  const userById = new Map(rides.users.map((user) => [user.id, user]));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="ride-offers-heading" className="space-y-3">
        <h2 id="ride-offers-heading" className="text-lg font-semibold text-slate-900">
          Available Ride Offers
        </h2>
        <ul className="space-y-3">
          {rides.offers.map((offer) => {
            const driver = userById.get(offer.driverId);
            return (
              <li key={offer.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <DriverLine user={driver} />
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <Fact label="Departure" value={departureFormat.format(new Date(offer.departureTime))} />
                  <Fact label="Seats available" value={String(offer.availableSeats)} />
                  <Fact label="Cost per person" value={currency.format(offer.costPerPerson)} />
                  <Fact label="Pickup locations" value={offer.pickupLocations.join(', ')} />
                </dl>
                <p className="mt-2 text-sm text-slate-600">{offer.notes}</p>
                <ReplyButton label="Join Ride" toastText={`Ride request sent to ${driver?.name ?? 'the driver'}!`} />
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="ride-requests-heading" className="space-y-3">
        <h2 id="ride-requests-heading" className="text-lg font-semibold text-slate-900">
          Ride Requests
        </h2>
        <ul className="space-y-3">
          {rides.requests.map((request) => {
            const requester = userById.get(request.requesterId);
            return (
              <li key={request.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <p className="font-semibold text-slate-900">{requester?.name ?? 'A TrailBuddy member'}</p>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <Fact label="Preferred pickup" value={request.preferredPickup} />
                  <Fact label="Willing to share costs" value={request.willingToShare ? 'Yes' : 'No'} />
                </dl>
                <p className="mt-2 text-sm text-slate-600">{request.notes}</p>
                <ReplyButton label="Offer Ride" toastText={`Ride offer sent to ${requester?.name ?? 'the rider'}!`} />
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

function DriverLine({ user }: { user: DemoRideUser | undefined }) {
  if (!user) return <p className="font-semibold text-slate-900">Driver</p>;
  return (
    <div>
      <p className="font-semibold text-slate-900">
        {user.name}
        {user.isVerified && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">Verified</span>}
      </p>
      <p className="text-sm text-slate-600">
        ★ {user.rating.toFixed(1)} · {user.ridesOffered} rides offered
        {user.vehicle && ` · ${user.vehicle.color} ${user.vehicle.make} ${user.vehicle.model}`}
      </p>
    </div>
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

/** A mock action: a short wait, then a toast; demo mode sends nothing anywhere. */
function ReplyButton({ label, toastText }: { label: string; toastText: string }) {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const reply = async () => {
    setPending(true);
    await new Promise((resolve) => setTimeout(resolve, REPLY_DELAY_MS));
    setPending(false);
    toast.success(toastText);
  };
  return (
    <button type="button" onClick={reply} disabled={pending} className={`${buttonStyles.primary} mt-3`}>
      {pending ? 'Sending...' : label}
    </button>
  );
}
