import type { ActivityMetrics } from '@shared/schemas/metrics';
import { isMeasured, NOT_MEASURED } from '../utils/analysis-format';

/** Spec health-connections §9: the three parts of the 0–100 score and what each is measured against. */
const PARTS = [
  {
    key: 'minutes',
    title: 'Active minutes',
    max: 40,
    goal: '150 min per week',
    value: (m: ActivityMetrics) => `${Math.round(m.weeklyMinutes)} min per week`,
  },
  {
    key: 'sessions',
    title: 'Sessions',
    max: 30,
    goal: '4 per week',
    value: (m: ActivityMetrics) => `${m.weeklySessions.toFixed(1)} per week`,
  },
  {
    key: 'steps',
    title: 'Steps',
    max: 30,
    goal: '10,000 per day',
    value: (m: ActivityMetrics) => `${m.dailySteps.toLocaleString('en-US')} per day`,
  },
] as const;

/** 'Active minutes and Sessions': the parts the score is over, when a part is not measured. */
function scoredOver(titles: readonly string[]): string {
  if (titles.length <= 1) return titles.join('');
  return `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)!}`;
}

/**
 * Score, label, the three point components and days active, averaged over the last 4 weeks. A part none of the
 * person's sources measure reads "not measured" and the score is over the others.
 */
export function ActivityLevelPanel({ metrics }: { metrics: ActivityMetrics }) {
  const measured = PARTS.filter((part) => isMeasured(metrics, part.key));
  const unmeasured = PARTS.filter((part) => !isMeasured(metrics, part.key));
  return (
    <section
      aria-labelledby="activity-level-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="activity-level-heading" className="text-lg font-semibold text-slate-900">
        Activity Level
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <p className="text-5xl font-bold text-brand-800">
          <span data-testid="activity-score">{metrics.activityScore}</span>
          <span className="text-lg font-semibold text-slate-500">/100</span>
        </p>
        <p
          className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800"
          data-testid="activity-label"
        >
          {metrics.activityLevelLabel}
        </p>
      </div>
      <p className="mt-2 text-sm text-slate-600">From the last 28 days, averaged over 4 weeks.</p>
      {unmeasured.length > 0 && (
        <p className="mt-1 text-sm text-slate-600" data-testid="activity-score-basis">
          Scored over {scoredOver(measured.map((part) => part.title.toLowerCase()))}: your connected sources do not
          measure {scoredOver(unmeasured.map((part) => part.title.toLowerCase()))}.
        </p>
      )}
      <ul className="mt-4 space-y-3">
        {PARTS.map((part) => {
          const points = metrics.scorePoints[part.key];
          if (!isMeasured(metrics, part.key))
            return (
              <li key={part.key}>
                <div className="flex justify-between text-sm">
                  <span className="font-medium text-slate-800">{part.title}</span>
                  <span className="text-slate-500">{NOT_MEASURED}</span>
                </div>
                <p className="mt-1 text-xs text-slate-600">No connected source counts this · goal {part.goal}</p>
              </li>
            );
          return (
            <li key={part.key}>
              <div className="flex justify-between text-sm">
                <span className="font-medium text-slate-800">{part.title}</span>
                <span className="text-slate-700">
                  {points.toFixed(1)} / {part.max} points
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={`${part.title} points`}
                aria-valuemin={0}
                aria-valuemax={part.max}
                aria-valuenow={points}
                aria-valuetext={`${points.toFixed(1)} of ${part.max} points`}
                className="mt-1 h-2 rounded-full bg-slate-100"
              >
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${(points / part.max) * 100}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-600">
                {part.value(metrics)} · goal {part.goal}
              </p>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        <span className="font-semibold">Days active:</span> {metrics.daysActivePercent}% ({metrics.daysActive} of the
        last 365 days)
      </p>
    </section>
  );
}
