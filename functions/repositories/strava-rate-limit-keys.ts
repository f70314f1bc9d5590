/**
 * Name of the attribute, inside a day-window item, that counts the requests of one quarter hour of that day,
 * e.g. `fifteen_min_requests_0915` for the window starting 09:15 UTC.
 */
export function quarterCounterAttribute(fifteenMinWindowStart: Date): string {
  const hh = String(fifteenMinWindowStart.getUTCHours()).padStart(2, '0');
  const mm = String(fifteenMinWindowStart.getUTCMinutes()).padStart(2, '0');
  return `fifteen_min_requests_${hh}${mm}`;
}
