import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { GroupActivitySummary } from '@shared/schemas/group-activities';
import { formatWallDate, formatWallTime, statusLabel } from '@shared/schemas/group-activities-plain';
import { paths } from '@/lib/paths';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

/** Spec core-app §9: the dashboard shows at most 3 upcoming activities. */
export const UPCOMING_LIMIT = 3;
/** Spec core-app §9: a join takes 1 s in demo mode (the demo client waits; real joins take what the server takes). */
export const JOIN_DELAY_MS = 1000;

/** Spec §4 colours: confirmed green, open blue, almost full yellow. */
const statusStyles: Record<GroupActivitySummary['status'], string> = {
  confirmed: 'bg-green-100 text-green-800',
  open: 'bg-blue-100 text-blue-800',
  almost_full: 'bg-yellow-100 text-yellow-800',
};

const detailsPath = (id: string) => paths.activityDetails.replace(':activityId', encodeURIComponent(id));

/**
 * The soonest 3 of the user's own upcoming activities (organised or joined, wherever they are) and those near them;
 * a cancelled one is left out. Soonest first, each listed once.
 */
export function soonestUpcoming(
  lists: ReadonlyArray<readonly GroupActivitySummary[]>,
  limit = UPCOMING_LIMIT,
): GroupActivitySummary[] {
  const byId = new Map<string, GroupActivitySummary>();
  for (const list of lists)
    for (const activity of list)
      if (activity.cancelledAt === null && !byId.has(activity.id)) byId.set(activity.id, activity);
  return [...byId.values()]
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/** Upcoming activities: the first 3, each with Join Activity (while there is room) and View Details. */
export function UpcomingActivities() {
  const api = useApiClient();
  const upcoming = useServerQuery(queryKeys.groupActivities.upcoming(), async () => {
    const [mine, nearby] = await Promise.all([
      api.myGroupActivities({ limit: UPCOMING_LIMIT }),
      api.nearbyGroupActivities({ limit: UPCOMING_LIMIT }),
    ]);
    return { activities: soonestUpcoming([mine.activities, nearby.activities]) };
  });
  return (
    <section
      aria-labelledby="upcoming-heading"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="upcoming-heading" className="text-lg font-semibold text-slate-900">
          Upcoming Activities
        </h2>
        <Link to={paths.planActivity} className="text-sm font-medium text-brand-800 underline">
          Plan an activity
        </Link>
      </div>
      {upcoming.status === 'loading' && <Spinner label="Loading upcoming activities" />}
      {upcoming.status === 'error' && (
        <div className="mt-4 space-y-3">
          <FormMessage kind="error">{userMessage(upcoming.error)}</FormMessage>
          <button type="button" onClick={upcoming.reload} className={buttonStyles.secondary}>
            Try Again
          </button>
        </div>
      )}
      {upcoming.status === 'success' &&
        (upcoming.data.activities.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">
            No upcoming activities near you yet. Plan one and invite partners!
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {upcoming.data.activities.slice(0, UPCOMING_LIMIT).map((activity) => (
              <UpcomingItem key={activity.id} activity={activity} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function UpcomingItem({ activity: initial }: { activity: GroupActivitySummary }) {
  const api = useApiClient();
  const toast = useToast();
  const [activity, setActivity] = useState(initial);
  const [joining, setJoining] = useState(false);
  const [open, setOpen] = useState(false);
  const detailsId = `upcoming-details-${activity.id}`;
  const hasRoom = activity.participantCount < activity.maxParticipants;
  const joined = activity.viewer.isParticipant;

  const join = async () => {
    setJoining(true);
    try {
      setActivity(await api.joinGroupActivity(activity.id));
      toast.success(`You joined ${activity.title}!`);
    } catch (error) {
      toast.error(userMessage(error));
    } finally {
      setJoining(false);
    }
  };

  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{activity.title}</h3>
          <p className="text-sm text-slate-600">
            <span className="capitalize">{activity.activityType}</span> · {formatWallDate(activity.date)} at{' '}
            {formatWallTime(activity.time)} · {activity.participantCount}/{activity.maxParticipants} participants
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${statusStyles[activity.status]}`}
        >
          {statusLabel(activity.status)}
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
            <dd className="text-slate-900">{activity.viewer.isOrganizer ? 'You' : activity.organizerName}</dd>
          </div>
          <div className="sm:col-span-2">
            <Link to={detailsPath(activity.id)} className="font-medium text-brand-800 underline">
              Open the activity page
            </Link>
          </div>
        </dl>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {joined ? (
          <button type="button" disabled className={buttonStyles.primary}>
            {activity.viewer.isOrganizer ? 'Organizing' : 'Joined'}
          </button>
        ) : (
          hasRoom && (
            <button type="button" onClick={join} disabled={joining} className={buttonStyles.primary}>
              {joining ? 'Joining...' : 'Join Activity'}
            </button>
          )
        )}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
          className={buttonStyles.secondary}
        >
          View Details
        </button>
      </div>
    </li>
  );
}
