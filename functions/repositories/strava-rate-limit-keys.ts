/**
 * Key builders for the Strava API configs, user assignments and rate-limit windows in the
 * `rateLimits` table. Kept apart from keys.ts so this work does not collide with other edits there.
 *
 * | Item                   | pk                     | sk                                   |
 * |------------------------|------------------------|--------------------------------------|
 * | Strava API config      | STRAVA_CONFIG#<id>     | CONFIG                               |
 * | Rate-limit day window  | STRAVA_CONFIG#<id>     | WINDOW#<UTC midnight, ISO>           |
 * | User's assigned config | USER#<userId>          | STRAVA_CONFIG_ASSIGNMENT             |
 */
export const stravaRateLimitKeys = {
  config: (configId: string) => ({ pk: `STRAVA_CONFIG#${configId}`, sk: 'CONFIG' }),
  dayWindow: (configId: string, dayStart: Date) => ({
    pk: `STRAVA_CONFIG#${configId}`,
    sk: `WINDOW#${dayStart.toISOString()}`,
  }),
  assignment: (userId: string) => ({ pk: `USER#${userId}`, sk: 'STRAVA_CONFIG_ASSIGNMENT' }),
} as const;

/**
 * Name of the attribute, inside a day-window item, that counts the requests of one quarter hour of that day,
 * e.g. `fifteen_min_requests_0915` for the window starting 09:15 UTC.
 */
export function quarterCounterAttribute(fifteenMinWindowStart: Date): string {
  const hh = String(fifteenMinWindowStart.getUTCHours()).padStart(2, '0');
  const mm = String(fifteenMinWindowStart.getUTCMinutes()).padStart(2, '0');
  return `fifteen_min_requests_${hh}${mm}`;
}
