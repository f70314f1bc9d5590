import { instantOfWallClock, offsetAt, zoneRules } from '../shared/analysis/local-time';
import { formatWallDateTime, PLAN_TIME_ZONE } from '../shared/schemas/group-activities';

/**
 * Meeting times (activity start, ride departure) are wall-clock times at the meeting place, stored and shown
 * as typed. Only the server turns them into instants, and only to schedule something (reminders, ordering,
 * "has it started"). Pure: no clock. The zone rules are the IANA data the functions ship
 * (shared/analysis/zone-rules.ts), like every other zone conversion (shared/analysis/local-time.ts).
 */

export interface WallClock {
  /** yyyy-mm-dd */
  date: string;
  /** hh:mm (24 h) */
  time: string;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})$/;

/** The wall-clock fields as if they were UTC; throws RangeError for a date or time that does not exist on any calendar. */
function wallClockAsUtc(date: string, time: string): number {
  const d = DATE_PATTERN.exec(date);
  const t = TIME_PATTERN.exec(time);
  if (!d || !t) throw new RangeError(`Expected yyyy-mm-dd and hh:mm, got '${date}' '${time}'`);
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = new Date(Date.UTC(2000, month - 1, day, hour, minute));
  asUtc.setUTCFullYear(year); // Date.UTC reads years 0–99 as 1900–1999
  if (asUtc.getUTCMonth() !== month - 1 || asUtc.getUTCDate() !== day || hour > 23 || minute > 59) {
    throw new RangeError(`No such date and time: '${date}' '${time}'`);
  }
  return asUtc.getTime();
}

/** The instant of a wall-clock date and time in `zoneName`; a time skipped by DST moves forward, an ambiguous one takes the earlier offset. */
export function wallClockInstant(date: string, time: string, zoneName: string = PLAN_TIME_ZONE): Date {
  return new Date(instantOfWallClock(zoneRules(zoneName), wallClockAsUtc(date, time)));
}

/** The wall-clock date and time of an instant in `zoneName`. */
export function wallClockOf(instant: Date, zoneName: string = PLAN_TIME_ZONE): WallClock {
  const epochMs = instant.getTime();
  // The wall-clock fields written as UTC: the ISO form is 'yyyy-mm-ddThh:mm…' for every year a plan can have.
  const local = new Date(epochMs + offsetAt(zoneRules(zoneName), epochMs)).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** An instant as people in `zoneName` read it on their clocks, e.g. 'Sat, Nov 28, 1:00 p.m.' (for mail the server writes). */
export function formatInstantIn(instant: Date, zoneName: string = PLAN_TIME_ZONE): string {
  const { date, time } = wallClockOf(instant, zoneName);
  return formatWallDateTime(date, time);
}
