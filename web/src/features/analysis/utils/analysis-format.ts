import type { ProviderType } from '@shared/schemas/activity';
import type { AnalysisRange, ChartBar, ChartBucket } from '@shared/schemas/analysis';
import type { ActivityMetrics } from '@shared/schemas/metrics';
import type { Measure } from '@shared/activity-level';

/** Local dates ('YYYY-MM-DD') are calendar days, not instants: format them at UTC so no zone shifts them. */
function utcDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

const longDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthOnly = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** 'Nov 3, 2026' */
export function formatLongDate(date: string): string {
  return longDay.format(utcDate(date));
}

export function formatMonth(date: string): string {
  return monthOnly.format(utcDate(date));
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** The heatmap cell's accessible label: 'Nov 3, 2026: 2 sessions, 75 minutes'. */
export function heatmapDayLabel(day: { date: string; sessions: number; minutes: number }): string {
  if (day.sessions === 0) return `${formatLongDate(day.date)}: no activity`;
  return `${formatLongDate(day.date)}: ${plural(day.sessions, 'session')}, ${plural(Math.round(day.minutes), 'minute')}`;
}

/** A bar's axis label, by the unit it covers. */
export function barLabel(bar: Pick<ChartBar, 'start'>, bucket: ChartBucket, barCount: number): string {
  switch (bucket) {
    case 'day':
      return barCount <= 7 ? weekday.format(utcDate(bar.start)) : shortDay.format(utcDate(bar.start));
    case 'week':
      return shortDay.format(utcDate(bar.start));
    case 'month':
      return monthYear.format(utcDate(bar.start));
    case 'quarter':
      return `Q${Math.floor(utcDate(bar.start).getUTCMonth() / 3) + 1} ${utcDate(bar.start).getUTCFullYear()}`;
    case 'year':
      return String(utcDate(bar.start).getUTCFullYear());
  }
}

/** What a bar covers, in words: 'Jun 2, 2026' or 'Jun 1, 2026 – Jun 14, 2026'. */
export function barPeriod(bar: Pick<ChartBar, 'start' | 'end'>): string {
  return bar.start === bar.end
    ? formatLongDate(bar.start)
    : `${formatLongDate(bar.start)} – ${formatLongDate(bar.end)}`;
}

/** '3h 05m' from an hour up, else '42 min'. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)}h ${String(whole % 60).padStart(2, '0')}m`;
}

/** Kilometres with one decimal (the dashboard's rule: metres / 1000). */
export function formatKm(meters: number): string {
  return `${(meters / 1000).toFixed(1)} km`;
}

export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** '7 AM – 8 AM' for hour 7. */
export function hourRangeLabel(hour: number): string {
  const label = (h: number) => {
    const normal = ((h % 24) + 24) % 24;
    const suffix = normal < 12 ? 'AM' : 'PM';
    return `${normal % 12 === 0 ? 12 : normal % 12} ${suffix}`;
  };
  return `${label(hour)} – ${label(hour + 1)}`;
}

export const PROVIDER_NAMES: Record<ProviderType, string> = {
  strava: 'Strava',
  google_health: 'Google Health',
  apple_health: 'Apple Health',
};

/** The period a figure covers, to follow 'of' or 'in': 'the last 30 days', 'all time, since Nov 3, 2026'. */
export function periodName(range: AnalysisRange, period: { start: string; end: string }): string {
  if (range === 'all') return `all time, since ${formatLongDate(period.start)}`;
  return `the last ${RANGE_DAY_COUNTS[range]} days`;
}

/** A figure's caption: 'Last 30 days', 'All time, since Nov 3, 2026'. */
export function periodCaption(periodLabel: string): string {
  const bare = periodLabel.replace(/^the /, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

const RANGE_DAY_COUNTS: Record<Exclude<AnalysisRange, 'all'>, number> = { week: 7, month: 30, year: 365 };

/** Whether the person's sources measure it; metrics stored before this was kept measure everything. */
export function isMeasured(metrics: Pick<ActivityMetrics, 'measured'>, measure: Measure): boolean {
  return metrics.measured === undefined || metrics.measured.includes(measure);
}

export const NOT_MEASURED = 'not measured';
