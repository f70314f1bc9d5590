import { localTimeIn, shiftDate, zoneRules } from '../shared/analysis/local-time';

/** The zone's offset from UTC at `epochMs` (local wall time minus UTC), in ms. */
function offsetMs(timeZone: string, epochMs: number): number {
  return zoneRules(timeZone).offsetAt(epochMs);
}

/** The instant a local calendar date ('YYYY-MM-DD') begins in `timeZone`. */
export function localMidnightMs(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, day);
  const first = wallClock - offsetMs(timeZone, wallClock);
  // On a DST switch day the offset at midnight differs from the one at the UTC guess.
  return wallClock - offsetMs(timeZone, first);
}

/** The local date ('YYYY-MM-DD') of an instant in `timeZone`. */
export function localDateOf(epochMs: number, timeZone: string): string {
  return localTimeIn(timeZone)(epochMs).date;
}

/**
 * The sync window (spec §9: 30 days) as whole local days: from the local midnight `days - 1` days before today up
 * to `now`; daily roll-ups (civil days) then line up with local days.
 */
export function syncWindow(
  now: Date,
  timeZone: string,
  days: number,
): { startMs: number; endMs: number; firstDate: string } {
  const today = localDateOf(now.getTime(), timeZone);
  const firstDate = shiftDate(today, -(days - 1));
  return { startMs: localMidnightMs(firstDate, timeZone), endMs: now.getTime(), firstDate };
}

/**
 * A window of instants as the local dates it covers, end exclusive: what the Google Health API's civil-time filters
 * and daily roll-ups take. A window ending at a local midnight ends on that date; one ending mid-day takes that day in.
 */
export function civilDates(
  window: { startMs: number; endMs: number },
  timeZone: string,
): { startDate: string; endDate: string } {
  return {
    startDate: localDateOf(window.startMs, timeZone),
    endDate: shiftDate(localDateOf(window.endMs - 1, timeZone), 1),
  };
}

export { shiftDate };
