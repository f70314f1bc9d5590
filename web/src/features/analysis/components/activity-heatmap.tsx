import { useCallback } from 'react';
import type { AnalysisResponse, HeatmapDay } from '@shared/schemas/analysis';
import { formatMonth, heatmapDayLabel } from '../utils/analysis-format';

/** Level 0 (none) to 4 (near the busiest day). */
const LEVEL_STYLES = ['bg-slate-100', 'bg-brand-200', 'bg-brand-300', 'bg-brand-600', 'bg-brand-800'] as const;

/** Columns of 7 days (Sunday first), the first column padded so weekdays line up. */
function weeksOf(days: readonly HeatmapDay[]): (HeatmapDay | null)[][] {
  if (days.length === 0) return [];
  const firstWeekday = new Date(`${days[0]!.date}T00:00:00Z`).getUTCDay();
  const cells: (HeatmapDay | null)[] = [...new Array<null>(firstWeekday).fill(null), ...days];
  const weeks: (HeatmapDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The year calendar heatmap: the last 365 days, five intensity levels relative to the busiest day. */
export function ActivityHeatmap({ heatmap }: { heatmap: AnalysisResponse['heatmap'] }) {
  const weeks = weeksOf(heatmap.days);
  const activeDays = heatmap.days.filter((day) => day.sessions > 0).length;
  // A phone shows a few months of the year: open on the latest ones, where a person's new activity is.
  const showLatest = useCallback((region: HTMLDivElement | null) => {
    if (region) region.scrollLeft = region.scrollWidth;
  }, []);
  return (
    <section aria-labelledby="heatmap-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="heatmap-heading" className="text-lg font-semibold text-slate-900">
          Activity Calendar
        </h2>
        <p className="text-sm text-slate-600">{activeDays} active days in the last 365</p>
      </div>
      <div
        ref={showLatest}
        className="mt-4 overflow-x-auto pb-2"
        tabIndex={0}
        role="region"
        aria-label="Activity calendar, scrollable"
      >
        <div className="flex gap-[3px]" role="list" aria-label="Last 365 days by week">
          {weeks.map((week, index) => {
            const firstDay = week.find((day) => day !== null);
            const startsMonth =
              firstDay !== undefined && firstDay !== null && week.some((day) => day?.date.endsWith('-01'));
            return (
              <div key={firstDay?.date ?? index} role="listitem" className="flex flex-col gap-[3px]">
                {/* The month's name runs over the next weeks' columns (a column is 12 px, a name is wider). */}
                <span aria-hidden="true" className="relative h-4 text-xs leading-4 text-slate-600">
                  {startsMonth && (
                    <span className="absolute left-0 top-0 whitespace-nowrap">
                      {formatMonth(week.find((day) => day?.date.endsWith('-01'))!.date)}
                    </span>
                  )}
                </span>
                {week.map((day, weekday) =>
                  day === null ? (
                    <span key={`pad-${weekday}`} className="size-3" aria-hidden="true" />
                  ) : (
                    <span
                      key={day.date}
                      role="img"
                      aria-label={heatmapDayLabel(day)}
                      title={heatmapDayLabel(day)}
                      data-date={day.date}
                      data-level={day.level}
                      className={`size-3 rounded-sm ${LEVEL_STYLES[day.level]}`}
                    />
                  ),
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div className="mt-3 flex items-center justify-end gap-1 text-xs text-slate-600">
        <span>Less</span>
        {LEVEL_STYLES.map((style, level) => (
          <span
            key={style}
            role="img"
            aria-label={`Intensity level ${level} of 4`}
            className={`size-3 rounded-sm ${style}`}
          />
        ))}
        <span>More</span>
      </div>
    </section>
  );
}
