/**
 * rateLimits: the Strava API configs, user assignments and rate-limit windows.
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
