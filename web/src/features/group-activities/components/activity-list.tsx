import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { GroupActivitySummary } from '@shared/schemas/group-activities';
import { paths } from '@/lib/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { canJoin, capitalize, formatDate, formatTime } from '../utils/format';
import { StatusBadge } from './status-badge';

export const detailsPath = (id: string) => paths.activityDetails.replace(':activityId', encodeURIComponent(id));

/** Activity cards with status, seats, Join (while there is room) and View Details. */
export function ActivityList({
  activities,
  onJoin,
  empty,
}: {
  activities: readonly GroupActivitySummary[];
  onJoin?: (activity: GroupActivitySummary) => Promise<void>;
  empty: string;
}) {
  if (activities.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{empty}</p>
    );
  return (
    <ul className="space-y-3">
      {activities.map((activity) => (
        <ActivityItem key={activity.id} activity={activity} onJoin={onJoin} />
      ))}
    </ul>
  );
}

function ActivityItem({
  activity,
  onJoin,
}: {
  activity: GroupActivitySummary;
  onJoin?: (activity: GroupActivitySummary) => Promise<void>;
}) {
  const [joining, setJoining] = useState(false);
  const join = async () => {
    if (!onJoin) return;
    setJoining(true);
    try {
      await onJoin(activity);
    } finally {
      setJoining(false);
    }
  };
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{activity.title}</h3>
          <p className="text-sm text-slate-600">
            {capitalize(activity.activityType)} · {formatDate(activity.date)} at {formatTime(activity.time)} ·{' '}
            {activity.location}
          </p>
          <p className="text-sm text-slate-600">
            {activity.participantCount}/{activity.maxParticipants} participants · organised by{' '}
            {activity.viewer.isOrganizer ? 'you' : activity.organizerName}
          </p>
        </div>
        <StatusBadge activity={activity} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {onJoin && canJoin(activity) && (
          <button type="button" onClick={join} disabled={joining} className={buttonStyles.primary}>
            {joining ? 'Joining...' : 'Join Activity'}
          </button>
        )}
        {activity.viewer.isParticipant && !activity.viewer.isOrganizer && (
          <span className="text-sm font-medium text-brand-800">You are going</span>
        )}
        <Link
          to={detailsPath(activity.id)}
          className={buttonStyles.secondary}
          aria-label={`View details of ${activity.title}`}
        >
          View Details
        </Link>
      </div>
    </li>
  );
}
