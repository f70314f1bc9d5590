import { Link } from 'react-router-dom';
import type { UnifiedActivity } from '@shared/schemas/activity';
import { paths } from '@/lib/paths';
import { activityTypeLabel, formatDistance, formatRelativeDate } from '@/lib/activity-format';

/**
 * The latest activities (name, type, when, distance) a provider holds, and a way to manage where they come from.
 * `source` 'files': the person has imports and no provider; their outings count in the figures but are not listed.
 */
export function RecentActivitiesCard({
  activities,
  now,
  source,
}: {
  activities: readonly UnifiedActivity[];
  now: Date;
  source: 'provider' | 'files';
}) {
  const fromFiles = source === 'files';
  return (
    <section
      aria-labelledby="recent-activities-heading"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-activities-heading" className="text-lg font-semibold text-slate-900">
          Recent Activities
        </h2>
        <Link
          to={fromFiles ? paths.fileImports : paths.profile}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          {fromFiles ? 'Manage imports' : 'Manage connection'}
        </Link>
      </div>
      {activities.length > 0 && (
        <p className="mt-1 text-sm text-slate-600">
          {activities.length === 1 ? 'Your latest activity' : `Your latest ${activities.length}`}, newest first.
        </p>
      )}
      {activities.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          {fromFiles
            ? 'The outings you imported count in the figures above and in Health Analysis. Connect a fitness app to see your latest workouts here.'
            : 'No activities yet. Use Sync now to bring in your latest workouts.'}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {activities.map((activity) => (
            <li
              key={`${activity.provider_type}:${activity.provider_activity_id}`}
              className="flex items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">
                  {activity.name ?? activityTypeLabel(activity.activity_type)}
                </p>
                <p className="text-sm text-slate-600">
                  {activityTypeLabel(activity.activity_type)} ·{' '}
                  <time dateTime={activity.start_time}>{formatRelativeDate(activity.start_time, now)}</time>
                </p>
              </div>
              <p className="shrink-0 text-sm font-semibold text-slate-800">
                {formatDistance(activity.distance_meters)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
