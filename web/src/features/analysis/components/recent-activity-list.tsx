import type { UnifiedActivity } from '@shared/schemas/activity';
import { isDailyStepsEntry } from '@shared/activity-types';
import {
  activityTypeLabel,
  formatDistance,
  formatDuration,
  formatRelativeDate,
  formatSteps,
} from '@/lib/activity-format';
import { PROVIDER_NAMES } from '../utils/analysis-format';

/** 'The newest 10 of the last 30 days', 'The newest activity of all time, since Nov 3, 2026'. */
export function recentCaption(count: number, periodLabel: string): string {
  return `The newest ${count === 1 ? 'activity' : count} of ${periodLabel}.`;
}

/** The 10 newest activities in the range that are still held (details are kept 7 days after each sync). */
export function RecentActivityList({
  activities,
  now,
  periodLabel,
}: {
  activities: readonly UnifiedActivity[];
  now: Date;
  periodLabel: string;
}) {
  return (
    <section aria-labelledby="recent-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
        Recent Activities
      </h2>
      {activities.length > 0 && (
        <p className="mt-1 text-sm text-slate-600">{recentCaption(activities.length, periodLabel)}</p>
      )}
      {activities.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          No recent activity details in this range. Details are kept for 7 days after each sync; the totals above still
          count older workouts.
        </p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-100">
          {activities.map((activity) => (
            <li
              key={`${activity.provider_type}:${activity.provider_activity_id}`}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">
                  {activity.name ?? activityTypeLabel(activity.activity_type)}
                </p>
                <p className="text-sm text-slate-600">
                  {activityTypeLabel(activity.activity_type)} ·{' '}
                  <time dateTime={activity.start_time}>{formatRelativeDate(activity.start_time, now)}</time> ·{' '}
                  {PROVIDER_NAMES[activity.provider_type]}
                </p>
              </div>
              <p className="shrink-0 text-sm text-slate-800">
                <span className="font-semibold">{formatDistance(activity.distance_meters)}</span> ·{' '}
                {isDailyStepsEntry(activity) ? formatSteps(activity.steps) : formatDuration(activity.duration_seconds)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
