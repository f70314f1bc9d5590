import { loadZoneRules, type ZoneRules } from './zone-rules';

/**
 * Local calendar dates and hours in an IANA time zone, from instants, with a per-UTC-day cache of the zone's offset,
 * because looking up every one of 10,000 activities would cost more than the whole metrics budget. The one way the
 * server converts time zones: instantOfWallClock is the inverse (meeting times, functions/domain/plan-time.ts). The
 * rules come from ./zone-rules.ts (shipped IANA data on the server, never the runtime's ICU).
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
 * The rules of a zone (throws InvalidTimeZoneError for an unknown zone), one per zone for the process. The server reads
 * them from the IANA data it ships, the browser from its own Intl (./zone-rules.ts says why).
 */
export function zoneRules(timeZone: string): ZoneRules {
  let rules = rulesByZone.get(timeZone);
  if (rules) return rules;
  rules = loadZoneRules(timeZone) ?? undefined;
  if (!rules) throw new InvalidTimeZoneError(timeZone);
  rulesByZone.set(timeZone, rules);
  return rules;
}
const rulesByZone = new Map<string, ZoneRules>();

export function assertTimeZone(timeZone: string): void {
  zoneRules(timeZone);
}

/** The zone's offset from UTC at `epochMs`, in ms (local wall time minus UTC). */
export function offsetAt(zone: ZoneRules, epochMs: number): number {
  return zone.offsetAt(epochMs);
}

/**
 * The instant (epoch ms) at which the zone's clocks read `wallClockAsUtc` (the wall-clock fields written as if
 * they were UTC). A time skipped by a forward shift (DST starts) moves forward by the gap, as the clocks did; an
 * ambiguous time (DST ends, the hour repeats) takes the earlier offset, i.e. its first reading.
 */
export function instantOfWallClock(zone: ZoneRules, wallClockAsUtc: number): number {
  // The offsets in force a day either side: a zone changes offset at most once in that span.
  const before = offsetAt(zone, wallClockAsUtc - DAY_MS);
  const after = offsetAt(zone, wallClockAsUtc + DAY_MS);
  for (const offset of [before, after]) {
    const instant = wallClockAsUtc - offset;
    if (offsetAt(zone, instant) === offset) return instant;
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
  const zone = zoneRules(timeZone);
  const offsetByUtcMidnight = midnightOffsetsOf(timeZone);
  const midnightOffset = (utcDay: number): number => {
    let offset = offsetByUtcMidnight.get(utcDay);
    if (offset === undefined) {
      offset = offsetAt(zone, utcDay * DAY_MS);
      offsetByUtcMidnight.set(utcDay, offset);
    }
    return offset;
  };
  // Zones change offset at most once a day: the same offset at two consecutive UTC midnights holds
  // all day in between; a day on which it changes (a DST switch) is resolved per instant.
  const offsetFor = (epochMs: number): number => {
    const utcDay = Math.floor(epochMs / DAY_MS);
    const offset = midnightOffset(utcDay);
    return offset === midnightOffset(utcDay + 1) ? offset : offsetAt(zone, epochMs);
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
