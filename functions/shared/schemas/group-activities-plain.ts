import { HOME_AREAS } from './profile-plain';
import { instantOfWallClock, localTimeIn, zoneRules } from '../analysis/local-time';

/**
 * The zod-free part of group activities (./group-activities.ts re-exports it): British Columbia wall-clock times and
 * how the screens show them, so a screen that only shows activities loads no schema code.
 */

/** Dates and times on the form are wall-clock times in British Columbia. */
export const PLAN_TIME_ZONE = 'America/Vancouver';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// --- Time in British Columbia: the one zone conversion (analysis/local-time.ts), the browser's and Lambda's alike ---

/** The instant of a British Columbia wall-clock date and time (a time skipped by DST moves forward, a repeated one takes its first reading). */
export function planStartInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(instantOfWallClock(zoneRules(PLAN_TIME_ZONE), Date.UTC(y, m - 1, d, hh, mm)));
}

/** yyyy-mm-dd of an instant in British Columbia. */
export function planDateOf(instant: Date): string {
  return localTimeIn(PLAN_TIME_ZONE)(instant.getTime()).date;
}

// --- Showing meeting times as typed (no time-zone conversion: the same text in every browser) ---

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '7:15 a.m.' for '07:15', '12:00 p.m.' for '12:00', '12:30 a.m.' for '00:30' (Canadian English). */
export function formatWallTime(time: string): string {
  const [hh, mm] = time.split(':') as [string, string];
  const hour = Number(hh);
  if (!TIME_PATTERN.test(time)) return time;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${mm} ${hour < 12 ? 'a.m.' : 'p.m.'}`;
}

/** 'Thu, Nov 26' for a yyyy-mm-dd calendar date (the weekday is calendar arithmetic, no zone involved). */
export function formatWallDate(date: string): string {
  if (!isCalendarDate(date)) return date;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${MONTH_NAMES[m - 1]} ${d}`;
}

/** 'Thu, Nov 26, 7:15 a.m.' */
export const formatWallDateTime = (date: string, time: string) => `${formatWallDate(date)}, ${formatWallTime(time)}`;

// --- Statuses and the default area, as responses and the nearby search use them ---

/** Derived from seats (see functions/domain/group-activity.ts): full → confirmed, one seat left → almost_full, else open. */
export const GROUP_ACTIVITY_STATUSES = ['confirmed', 'open', 'almost_full'] as const;

/** The spec shows statuses with underscores as spaces. */
export function statusLabel(status: (typeof GROUP_ACTIVITY_STATUSES)[number]): string {
  return status.replace(/_/g, ' ');
}

/** Where 'nearby' means for someone who has not set a home area. */
export const DEFAULT_NEARBY_AREA = 'vancouver' satisfies (typeof HOME_AREAS)[number];
