import type { PeriodTotals } from '@shared/schemas/analysis';
import type { ActivityMetrics } from '@shared/schemas/metrics';
import {
  formatCount,
  formatKm,
  formatMinutes,
  isMeasured,
  NOT_MEASURED,
  periodCaption,
} from '../utils/analysis-format';

/**
 * The six stat cards for the selected date range, each captioned with that period. A figure none of the person's
 * sources measure reads "not measured", never 0.
 */
export function AnalysisStatCards({
  totals,
  periodDays,
  periodLabel,
  metrics,
}: {
  totals: PeriodTotals;
  periodDays: number;
  /** 'the last 30 days', 'all time, since Nov 3, 2026' (periodName). */
  periodLabel: string;
  metrics: Pick<ActivityMetrics, 'measured'>;
}) {
  const cards: ReadonlyArray<[string, string]> = [
    ['Activities', formatCount(totals.sessions)],
    ['Active Time', formatMinutes(totals.minutes)],
    ['Distance', isMeasured(metrics, 'distance') ? formatKm(totals.distanceMeters) : NOT_MEASURED],
    ['Calories', isMeasured(metrics, 'calories') ? `${formatCount(totals.calories)} kcal` : NOT_MEASURED],
    ['Steps', isMeasured(metrics, 'steps') ? formatCount(totals.steps) : NOT_MEASURED],
    ['Active Days', `${totals.activeDays} of ${periodDays}`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6" aria-label="Totals for the selected range">
      {cards.map(([label, value]) => (
        <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd
            className={
              value === NOT_MEASURED
                ? 'mt-1 text-base font-semibold text-slate-500 sm:text-lg'
                : 'mt-1 text-xl font-bold text-slate-900 sm:text-2xl'
            }
          >
            {value}
          </dd>
          <dd className="mt-1 text-xs text-slate-500">{periodCaption(periodLabel)}</dd>
        </div>
      ))}
    </dl>
  );
}
