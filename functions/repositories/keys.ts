/**
 * Key builders: the only place that knows how items are keyed. See the access-pattern
 * table in the README before adding one.
 */
export const keys = {
  userProfile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** A key no item ever has; the health probe reads it to prove the table answers. */
  healthProbe: () => ({ pk: 'HEALTH#probe', sk: 'HEALTH#probe' }),

  /** users: a pending Strava authorize (single-use nonce of the signed OAuth state), TTL-expired. */
  oauthState: (nonce: string) => ({ pk: `OAUTH_STATE#${nonce}`, sk: 'OAUTH_STATE' }),
  /** users: sync preferences (spec user_sync_preferences: manual_sync_only). */
  syncPreferences: (userId: string) => ({ pk: `USER#${userId}`, sk: 'SYNC_PREFS' }),

  /** connections: one per user + provider. */
  connection: (userId: string, provider: string) => ({ pk: `USER#${userId}`, sk: `CONN#${provider}` }),
  connectionsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'CONN#' }),
  /** connections gsi1: a provider account back to its connection (webhooks name only the athlete). */
  connectionByStravaAthlete: (athleteId: string | number) => ({ gsi1pk: `STRAVA#${athleteId}`, gsi1sk: 'CONN#strava' }),

  /** connections: the current (or last) import job of a user + provider + kind (functions/repositories/import-jobs.ts). */
  importJob: (userId: string, provider: string, kind: string) => ({
    pk: `USER#${userId}`,
    sk: `JOB#${provider}#${kind}`,
  }),
  importJobsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'JOB#' }),

  /**
   * users: a history backfill's part of one local day and provider (issue 13), beside the raw part
   * (`DAILY#<date>#<provider>`, repositories/metrics.ts) and inside the same `DAILY#` range.
   */
  dailyBackfillPart: (userId: string, date: string, provider: string) => ({
    pk: `USER#${userId}`,
    sk: `DAILY#${date}#${provider}#backfill`,
  }),

  /** activities: one per user + provider + provider activity id; gsi1 lists a user's by start time. */
  activity: (userId: string, provider: string, providerActivityId: string) => ({
    pk: `USER#${userId}`,
    sk: `ACT#${provider}#${providerActivityId}`,
  }),
  activityByStartTime: (userId: string, startTime: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: startTime }),
  activitiesOfUser: (userId: string, provider?: string) => ({
    pk: `USER#${userId}`,
    skPrefix: provider ? `ACT#${provider}#` : 'ACT#',
  }),

  /** rateLimits: strava_sync_requests, newest last by sk. */
  syncRequest: (userId: string, requestedAt: string, id: string) => ({
    pk: `USER#${userId}`,
    sk: `SYNC_REQUEST#${requestedAt}#${id}`,
  }),
  syncRequestsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'SYNC_REQUEST#' }),

  /** social: reports and moderation (functions/repositories/reports.ts). */
  report: (reportId: string) => ({ pk: `REPORT#${reportId}`, sk: 'REPORT' }),
  reportsByStatus: (status: string, createdAt: string, reportId: string) => ({
    gsi1pk: `REPORTS#${status}`,
    gsi1sk: `${createdAt}#${reportId}`,
  }),
  reporterOfTarget: (kind: string, targetId: string, reporterId: string) => ({
    pk: `REPORTED#${kind}#${targetId}`,
    sk: `BY#${reporterId}`,
  }),
  reportersOfTarget: (kind: string, targetId: string) => ({ pk: `REPORTED#${kind}#${targetId}`, skPrefix: 'BY#' }),
  hiddenContent: (kind: string, targetId: string) => ({ pk: `HIDDEN#${kind}#${targetId}`, sk: 'HIDDEN' }),
  suspendedUser: (userId: string) => ({ pk: `SUSPENDED#${userId}`, sk: 'SUSPENDED' }),
  reportWindow: (userId: string, hourStart: string) => ({ pk: `USER#${userId}`, sk: `REPORT_WINDOW#${hourStart}` }),

  /** users: a user's daily message digest (functions/repositories/message-digests.ts): the last day sent, and whether news waits. */
  messageDigest: (userId: string) => ({ pk: `USER#${userId}`, sk: 'MSG_DIGEST' }),
  /** users gsi1 (sparse): digests with news waiting, oldest first; the attribute goes once the digest is sent. */
  messageDigestPending: (since: string, userId: string) => ({
    gsi1pk: 'MSG_DIGEST_PENDING',
    gsi1sk: `${since}#${userId}`,
  }),
} as const;
