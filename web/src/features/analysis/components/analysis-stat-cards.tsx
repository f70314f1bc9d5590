import type { PeriodTotals } from '@shared/schemas/analysis';
import { formatCount, formatKm, formatMinutes } from '../utils/analysis-format';

/** The six stat cards for the selected date range. */
export function AnalysisStatCards({ totals, periodDays }: { totals: PeriodTotals; periodDays: number }) {
  const cards: ReadonlyArray<[string, string]> = [
    ['Activities', formatCount(totals.sessions)],
    ['Active Time', formatMinutes(totals.minutes)],
    ['Distance', formatKm(totals.distanceMeters)],
    ['Calories', `${formatCount(totals.calories)} kcal`],
    ['Steps', formatCount(totals.steps)],
    ['Active Days', `${totals.activeDays} of ${periodDays}`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6" aria-label="Totals for the selected range">
      {cards.map(([label, value]) => (
        <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
