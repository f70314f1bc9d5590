export const syncRequestKeys = {
  /** rateLimits: strava_sync_requests, newest last by sk. */
  syncRequest: (userId: string, requestedAt: string, id: string) => ({
    pk: `USER#${userId}`,
    sk: `SYNC_REQUEST#${requestedAt}#${id}`,
  }),
  syncRequestsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'SYNC_REQUEST#' }),
} as const;
