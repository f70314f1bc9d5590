import type { ActivityMetrics } from '@shared/schemas/metrics';
import { activityTypeLabel } from '@/lib/activity-format';
import { hourRangeLabel, plural } from '../utils/analysis-format';

/** The top 3 preferred workout hours and activity types over the last 365 days. */
export function WorkoutPreferences({ metrics }: { metrics: ActivityMetrics }) {
  return (
    <section
      aria-labelledby="preferences-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="preferences-heading" className="text-lg font-semibold text-slate-900">
        Workout Patterns
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-700">Preferred workout hours</h3>
          {metrics.preferredHours.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Not enough activity yet.</p>
          ) : (
            <ol className="mt-2 space-y-2" aria-label="Preferred workout hours">
              {metrics.preferredHours.map(({ hour, sessions }) => (
                <li key={hour} className="flex justify-between gap-3 text-sm">
                  <span className="font-medium text-slate-900">{hourRangeLabel(hour)}</span>
                  <span className="text-slate-600">{plural(sessions, 'session')}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-700">Top activity types</h3>
          {metrics.topActivityTypes.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Not enough activity yet.</p>
          ) : (
            <ol className="mt-2 space-y-2" aria-label="Top activity types">
              {metrics.topActivityTypes.map(({ type, sessions }) => (
                <li key={type} className="flex justify-between gap-3 text-sm">
                  <span className="font-medium text-slate-900">{activityTypeLabel(type)}</span>
                  <span className="text-slate-600">{plural(sessions, 'session')}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}
