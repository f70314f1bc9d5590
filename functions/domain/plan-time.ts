import { Instant, LocalDate, LocalDateTime, LocalTime, ZonedDateTime, ZoneId } from '@js-joda/core';
// The IANA data comes from this one package, pinned in package-lock.json: Lambda, Node and the test
// machine all read the same rules, whatever tz data their runtime carries. The browser never converts.
import '@js-joda/timezone';
import { PLAN_TIME_ZONE } from '../shared/schemas/group-activities';

/**
 * Meeting times (activity start, ride departure) are wall-clock times at the meeting place, stored and shown
 * as typed. Only the server turns them into instants, and only to schedule something (reminders, ordering,
 * "has it started"). Pure: no clock, no runtime time-zone data.
 */

export interface WallClock {
  /** yyyy-mm-dd */
  date: string;
  /** hh:mm (24 h) */
  time: string;
}

const zone = (name: string) => ZoneId.of(name);

/** The instant of a wall-clock date and time in `zoneName`; a time skipped by DST moves forward, an ambiguous one takes the earlier offset. */
export function wallClockInstant(date: string, time: string, zoneName: string = PLAN_TIME_ZONE): Date {
  const local = LocalDateTime.of(LocalDate.parse(date), LocalTime.parse(time));
  return new Date(local.atZone(zone(zoneName)).toInstant().toEpochMilli());
}

/** The wall-clock date and time of an instant in `zoneName`. */
export function wallClockOf(instant: Date, zoneName: string = PLAN_TIME_ZONE): WallClock {
  const local = ZonedDateTime.ofInstant(Instant.ofEpochMilli(instant.getTime()), zone(zoneName)).toLocalDateTime();
  return { date: local.toLocalDate().toString(), time: local.toLocalTime().toString().slice(0, 5) };
}
