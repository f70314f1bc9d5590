import { useState } from 'react';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import type { DemoUpcomingActivity, UpcomingActivityStatus } from '@/lib/demo/demo-social';

/** Spec core-app §9: the dashboard shows at most 3 upcoming activities. */
export const UPCOMING_LIMIT = 3;
/** Spec core-app §9: a simulated join takes 1 s. */
export const JOIN_DELAY_MS = 1000;

const statusStyles: Record<UpcomingActivityStatus, string> = {
  confirmed: 'bg-green-100 text-green-800',
  open: 'bg-blue-100 text-blue-800',
  almost_full: 'bg-yellow-100 text-yellow-800',
};

const dateFormat = new Intl.DateTimeFormat('en-CA', { weekday: 'short', month: 'short', day: 'numeric' });

/** Demo mode's Upcoming Activities: the first 3, each with Join Activity (while there is room) and View Details. */
export function UpcomingActivities({ activities }: { activities: readonly DemoUpcomingActivity[] }) {
  return (
    <section aria-labelledby="upcoming-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="upcoming-heading" className="text-lg font-semibold text-slate-900">
        Upcoming Activities
      </h2>
      <ul className="mt-4 space-y-3">
        {activities.slice(0, UPCOMING_LIMIT).map((activity) => (
          <UpcomingItem key={activity.id} activity={activity} />
        ))}
      </ul>
    </section>
  );
}

function UpcomingItem({ activity }: { activity: DemoUpcomingActivity }) {
  const toast = useToast();
  const [joining, setJoining] = useState(false);
  const [joined, setJoined] = useState(false);
  const [open, setOpen] = useState(false);
  const detailsId = `upcoming-details-${activity.id}`;
  const hasRoom = activity.participants < activity.maxParticipants;

  const join = async () => {
    setJoining(true);
    // A mock join (spec core-app §4): no server call, a short wait, then a toast.
    await new Promise((resolve) => setTimeout(resolve, JOIN_DELAY_MS));
    setJoining(false);
    setJoined(true);
    toast.success(`You joined ${activity.title}!`);
  };

  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{activity.title}</h3>
          <p className="text-sm text-slate-600">
            {activity.type} · {dateFormat.format(new Date(`${activity.date}T00:00:00`))} at {activity.time} · {activity.participants}/
            {activity.maxParticipants} participants
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${statusStyles[activity.status]}`}>
          {activity.status.replace(/_/g, ' ')}
        </span>
      </div>
      {open && (
        <dl id={detailsId} className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Location</dt>
            <dd className="text-slate-900">{activity.location}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Organizer</dt>
            <dd className="text-slate-900">{activity.organizer}</dd>
          </div>
        </dl>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {hasRoom && (
          <button type="button" onClick={join} disabled={joining || joined} className={buttonStyles.primary}>
            {joining ? 'Joining...' : joined ? 'Joined' : 'Join Activity'}
          </button>
        )}
        <button type="button" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((value) => !value)} className={buttonStyles.secondary}>
          View Details
        </button>
      </div>
    </li>
  );
}
