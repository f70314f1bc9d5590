import Papa from 'papaparse';
import { canonicalActivityType } from '@shared/activity-types';
import type { FileActivitySummary } from '@shared/schemas/file-import';
import { FileImportError } from './errors';

/**
 * Strava's "Download your data" archive lists every activity in `activities.csv` (Strava Support, "Exporting your Data
 * and Bulk Export"; column layout as in real archives, read 2026-11-29). Some names appear twice: the first
 * "Elapsed Time" and "Distance" are shown in the person's units (minutes or seconds, km or mi, as text), the later ones
 * are plain seconds and metres, so the LAST column of a name is the one read. "Activity Date" is UTC, written like
 * "Jul 4, 2026, 4:00:00 PM" (assumed UTC: Strava writes no zone, and its own re-import treats it so).
 */
const COLUMNS = {
  type: 'Activity Type',
  date: 'Activity Date',
  elapsed: 'Elapsed Time',
  moving: 'Moving Time',
  distance: 'Distance',
  gain: 'Elevation Gain',
  calories: 'Calories',
  heartRate: 'Average Heart Rate',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const STRAVA_DATE = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2}):(\d{2}) ?([AP]M)$/;

/** "Jul 4, 2026, 4:00:00 PM" (UTC) as an ISO instant; null when the cell is not in that form. */
export function stravaArchiveDate(text: string): string | null {
  const match = STRAVA_DATE.exec(text.trim());
  if (!match) return null;
  const [, monthName, day, year, hour12, minute, second, meridiem] = match;
  const month = MONTHS.indexOf(monthName!);
  const hour = (Number(hour12) % 12) + (meridiem === 'PM' ? 12 : 0);
  if (month < 0 || Number(hour12) > 12) return null;
  const instant = Date.UTC(Number(year), month, Number(day), hour, Number(minute), Number(second));
  const date = new Date(instant);
  return date.getUTCDate() === Number(day) ? date.toISOString() : null;
}

const numberIn = (cell: string | undefined): number | null => {
  if (cell === undefined || cell.trim() === '') return null;
  const value = Number(cell.replaceAll(',', ''));
  return Number.isFinite(value) && value >= 0 ? value : null;
};

/** One summary per row of `activities.csv`; rows without a readable date or duration are left out. */
export function stravaArchiveSummaries(csv: string): FileActivitySummary[] {
  const { data } = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const [header, ...rows] = data;
  const lastIndexOf = (name: string) => (header ?? []).lastIndexOf(name);
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([key, name]) => [key, lastIndexOf(name)])) as Record<
    keyof typeof COLUMNS,
    number
  >;
  if (at.type < 0 || at.date < 0 || at.elapsed < 0)
    throw new FileImportError(
      'malformed',
      'activities.csv in this archive does not have the columns of a Strava export (Activity Date, Activity Type, Elapsed Time).',
    );
  const cell = (row: string[], index: number) => (index < 0 ? undefined : row[index]);

  return rows.flatMap((row): FileActivitySummary[] => {
    const start = stravaArchiveDate(cell(row, at.date) ?? '');
    const elapsed = numberIn(cell(row, at.elapsed));
    if (start === null || elapsed === null) return [];
    const moving = numberIn(cell(row, at.moving));
    const heartRate = numberIn(cell(row, at.heartRate));
    return [
      {
        activity_type: canonicalActivityType(cell(row, at.type)),
        start_time: start,
        utc_offset_minutes: null,
        duration_seconds: Math.round(elapsed),
        moving_seconds: moving === null ? null : Math.round(Math.min(moving, elapsed)),
        distance_meters: numberIn(cell(row, at.distance)),
        elevation_gain_meters: numberIn(cell(row, at.gain)),
        calories_burned: numberIn(cell(row, at.calories)),
        heart_rate_avg: heartRate === null || heartRate === 0 ? null : heartRate,
      },
    ];
  });
}
