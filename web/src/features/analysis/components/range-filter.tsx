import type { AnalysisRange } from '@shared/schemas/analysis';
import { ANALYSIS_RANGES } from '@shared/schemas/analysis-plain';

export const RANGE_LABELS: Record<AnalysisRange, string> = {
  week: 'Week',
  month: 'Month',
  year: 'Year',
  all: 'All time',
};

/** The date filters (spec §2): last 7 days, 30 days, 365 days, everything. */
export function RangeFilter({ value, onChange }: { value: AnalysisRange; onChange: (range: AnalysisRange) => void }) {
  return (
    <div role="group" aria-label="Date range" className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
      {ANALYSIS_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={value === range}
          onClick={() => onChange(range)}
          className={`rounded-md px-3 py-1.5 text-sm font-semibold sm:px-4 ${
            value === range ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
          }`}
        >
          {RANGE_LABELS[range]}
        </button>
      ))}
    </div>
  );
}
