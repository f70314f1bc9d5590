/**
 * Name of the attribute, inside a day-window item, that counts the requests of one quarter hour of that day,
 * e.g. `fifteen_min_requests_0915` for the window starting 09:15 UTC.
 */
export function quarterCounterAttribute(fifteenMinWindowStart: Date): string {
  const hh = String(fifteenMinWindowStart.getUTCHours()).padStart(2, '0');
  const mm = String(fifteenMinWindowStart.getUTCMinutes()).padStart(2, '0');
  return `fifteen_min_requests_${hh}${mm}`;
}

/** Our own sends in one quarter hour of the day (never raised to Strava's figures), e.g. `sends_0915`. */
export function quarterSendsAttribute(fifteenMinWindowStart: Date): string {
  return `sends_${quarterCounterAttribute(fifteenMinWindowStart).slice('fifteen_min_requests_'.length)}`;
}

/** How many sends Strava's latest figures leave room for in that quarter hour, e.g. `strava_cap_0915`. */
export function quarterCapAttribute(fifteenMinWindowStart: Date): string {
  return `strava_cap_${quarterCounterAttribute(fifteenMinWindowStart).slice('fifteen_min_requests_'.length)}`;
}

/** Our own sends of that quarter hour whose answer has been recorded, e.g. `answered_0915`. */
export function quarterAnsweredAttribute(fifteenMinWindowStart: Date): string {
  return `answered_${quarterCounterAttribute(fifteenMinWindowStart).slice('fifteen_min_requests_'.length)}`;
}
