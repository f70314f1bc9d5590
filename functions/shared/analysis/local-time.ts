/**
 * Local calendar dates and hours in an IANA time zone, from instants. Built on Intl (no time-zone
 * library needed) with a per-UTC-day cache of the zone's offset, because formatting every one of
 * 10,000 activities through Intl would cost more than the whole metrics budget. The one way the server
 * converts time zones: instantOfWallClock is the inverse (meeting times, functions/domain/plan-time.ts).
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface LocalTime {
  /** 'YYYY-MM-DD' in the zone. */
  date: string;
  /** 0–23 in the zone. */
  hour: number;
}

export class InvalidTimeZoneError extends Error {
  override readonly name = 'InvalidTimeZoneError';
  constructor(readonly timeZone: string) {
    super(`Unknown time zone '${timeZone}'; expected an IANA name such as 'America/Vancouver'`);
  }
}

/**
 * The one Intl formatter for reading wall-clock fields in a zone (throws InvalidTimeZoneError for an unknown zone).
 * One per zone for the process: constructing one costs more than formatting hundreds of instants with it.
 */
export function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatterByZone.get(timeZone);
  if (formatter) return formatter;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw new InvalidTimeZoneError(timeZone);
  }
  formatterByZone.set(timeZone, formatter);
  return formatter;
}
const formatterByZone = new Map<string, Intl.DateTimeFormat>();

export function assertTimeZone(timeZone: string): void {
  zoneFormatter(timeZone);
}

/** The zone's offset from UTC at `epochMs`, in ms (local wall time minus UTC). */
export function offsetAt(formatter: Intl.DateTimeFormat, epochMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wallClockAsUtc = Date.UTC(
    fields.year!,
    fields.month! - 1,
    fields.day!,
    fields.hour!,
    fields.minute!,
    fields.second!,
  );
  return wallClockAsUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant (epoch ms) at which the zone's clocks read `wallClockAsUtc` (the wall-clock fields written as if
 * they were UTC). A time skipped by a forward shift (DST starts) moves forward by the gap, as the clocks did; an
 * ambiguous time (DST ends, the hour repeats) takes the earlier offset, i.e. its first reading.
 */
export function instantOfWallClock(formatter: Intl.DateTimeFormat, wallClockAsUtc: number): number {
  // The offsets in force a day either side: a zone changes offset at most once in that span.
  const before = offsetAt(formatter, wallClockAsUtc - DAY_MS);
  const after = offsetAt(formatter, wallClockAsUtc + DAY_MS);
  for (const offset of [before, after]) {
    const instant = wallClockAsUtc - offset;
    if (offsetAt(formatter, instant) === offset) return instant;
  }
  // Neither offset reads this wall-clock time: it lies in a gap. The earlier offset puts it the gap's length later.
  return wallClockAsUtc - before;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/**
 * A zone's offsets at UTC midnights, kept for the process: they are facts of the zone's rules, and reading one through
 * Intl (formatToParts) was a third of the metrics computation (metrics-10k bench). Bounded: a map past the cap starts over.
 */
const midnightOffsetsByZone = new Map<string, Map<number, number>>();
const MAX_CACHED_DAYS_PER_ZONE = 20_000;
function midnightOffsetsOf(timeZone: string): Map<number, number> {
  let offsets = midnightOffsetsByZone.get(timeZone);
  if (!offsets || offsets.size > MAX_CACHED_DAYS_PER_ZONE) {
    offsets = new Map();
    midnightOffsetsByZone.set(timeZone, offsets);
  }
  return offsets;
}

/** 'YYYY-MM-DD' of a Date read through its UTC fields. */
function utcDateString(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/**
 * Returns a converter from instants to local date and hour in `timeZone`. Make one per computation
 * and reuse it: it caches offsets and date strings. Throws InvalidTimeZoneError for an unknown zone.
 */
export function localTimeIn(timeZone: string): (epochMs: number) => LocalTime {
  const formatter = zoneFormatter(timeZone);
  const offsetByUtcMidnight = midnightOffsetsOf(timeZone);
  const midnightOffset = (utcDay: number): number => {
    let offset = offsetByUtcMidnight.get(utcDay);
    if (offset === undefined) {
      offset = offsetAt(formatter, utcDay * DAY_MS);
      offsetByUtcMidnight.set(utcDay, offset);
    }
    return offset;
  };
  // Zones change offset at most once a day: the same offset at two consecutive UTC midnights holds
  // all day in between; a day on which it changes (a DST switch) is resolved per instant.
  const offsetFor = (epochMs: number): number => {
    const utcDay = Math.floor(epochMs / DAY_MS);
    const offset = midnightOffset(utcDay);
    return offset === midnightOffset(utcDay + 1) ? offset : offsetAt(formatter, epochMs);
  };
  const dateByLocalDay = new Map<number, string>();
  return (epochMs) => {
    const wallClockMs = epochMs + offsetFor(epochMs);
    const localDay = Math.floor(wallClockMs / DAY_MS);
    let date = dateByLocalDay.get(localDay);
    if (date === undefined) {
      date = utcDateString(new Date(localDay * DAY_MS));
      dateByLocalDay.set(localDay, date);
    }
    return { date, hour: Math.floor((wallClockMs - localDay * DAY_MS) / HOUR_MS) };
  };
}

/** The calendar date `days` after (or before, if negative) `date`; DST never shifts it. */
export function shiftDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return utcDateString(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The last `days` local dates ending with today in `timeZone` (today included), as an inclusive range. */
export function lastLocalDays(now: Date, timeZone: string, days: number): { start: string; end: string } {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`days must be a positive whole number, got ${days}`);
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid date');
  const today = localTimeIn(timeZone)(now.getTime()).date;
  return { start: shiftDate(today, -(days - 1)), end: today };
}
