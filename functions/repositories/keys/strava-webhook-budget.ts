/**
 * rateLimits: what Strava webhook events may spend per athlete (see functions/repositories/strava-webhook-budget.ts).
 *
 * | Item                         | pk                            | sk                          |
 * |------------------------------|-------------------------------|-----------------------------|
 * | Athlete's webhook budget     | STRAVA_WEBHOOK#<athleteId>    | QUARTER#<quarter start ISO> |
 * | Athlete's pending message    | STRAVA_WEBHOOK#<athleteId>    | PENDING#<kind>              |
 */
export const stravaWebhookKeys = {
  budget: (athleteId: number, quarterStart: Date) => ({
    pk: `STRAVA_WEBHOOK#${athleteId}`,
    sk: `QUARTER#${quarterStart.toISOString()}`,
  }),
  pending: (athleteId: number, kind: string) => ({ pk: `STRAVA_WEBHOOK#${athleteId}`, sk: `PENDING#${kind}` }),
} as const;
