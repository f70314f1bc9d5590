import type { UnifiedActivity } from '@shared/schemas/activity';
import {
  activityTypeLabel,
  formatDistance,
  formatDuration,
  formatSteps,
  formatElevation,
  formatRelativeDate,
  formatSpeed,
} from '@/lib/activity-format';
import { isDailyStepsEntry } from '@shared/activity-types';
import { PROVIDER_NAMES } from '@/lib/provider-names';

/** One activity: name, type, when, and its numbers (spec health-connections §2). */
export function ActivityCard({ activity, now }: { activity: UnifiedActivity; now: Date }) {
  const stats: ReadonlyArray<[string, string]> = [
    ['Distance', formatDistance(activity.distance_meters)],
    isDailyStepsEntry(activity)
      ? ['Steps', formatSteps(activity.steps)]
      : ['Duration', formatDuration(activity.duration_seconds)],
    ['Elevation', formatElevation(activity.elevation_gain_meters)],
    ['Avg speed', formatSpeed(activity.average_speed_mps)],
  ];
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900">
            {activity.name ?? activityTypeLabel(activity.activity_type)}
          </h3>
          <p className="text-sm text-slate-600">
            {activityTypeLabel(activity.activity_type)} ·{' '}
            <time dateTime={activity.start_time}>{formatRelativeDate(activity.start_time, now)}</time>
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {PROVIDER_NAMES[activity.provider_type]}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <ActivitySourceCredit activity={activity} />
    </article>
  );
}

/**
 * Strava's brand guidelines: data from Strava links back with "View on Strava", and an activity recorded on a Garmin
 * credits Garmin by model ("Garmin Forerunner 965") or, when only the upload tells, as a Garmin device.
 */
function ActivitySourceCredit({ activity }: { activity: UnifiedActivity }) {
  if (activity.provider_type !== 'strava') return null;
  const garmin = activity.garmin_device;
  return (
    <p className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
      {garmin ? <span>{garmin === 'Garmin' ? 'Recorded on a Garmin device' : garmin}</span> : <span />}
      <a
        href={`https://www.strava.com/activities/${encodeURIComponent(activity.provider_activity_id)}`}
        target="_blank"
        rel="noopener noreferrer"
        // Strava's orange (#FC5200) is 3.1:1 on white, under WCAG's 4.5:1 for small text: a darker shade of it.
        className="font-semibold text-orange-800 underline"
      >
        View on Strava
      </a>
    </p>
  );
}

/** A grey stand-in card while activities load. */
export function ActivityCardSkeleton() {
  return (
    <div
      data-testid="activity-skeleton"
      aria-hidden="true"
      className="animate-pulse-when-slow rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="h-4 w-2/3 rounded bg-slate-200" />
      <div className="mt-2 h-3 w-1/3 rounded bg-slate-100" />
      <div className="mt-4 grid grid-cols-4 gap-2">
        {[0, 1, 2, 3].map((n) => (
          <div key={n} className="h-6 rounded bg-slate-100" />
        ))}
      </div>
    </div>
  );
}
