/** The sort-key prefix every activity item has (a paging cursor is checked against it). */
export const ACTIVITY_SK_PREFIX = 'ACT#';

export const activityKeys = {
  /** activities: one per user + provider + provider activity id; gsi1 lists a user's by start time. */
  activity: (userId: string, provider: string, providerActivityId: string) => ({
    pk: `USER#${userId}`,
    sk: `${ACTIVITY_SK_PREFIX}${provider}#${providerActivityId}`,
  }),
  activityByStartTime: (userId: string, startTime: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: startTime }),
  activitiesOfUser: (userId: string, provider?: string) => ({
    pk: `USER#${userId}`,
    skPrefix: provider ? `${ACTIVITY_SK_PREFIX}${provider}#` : ACTIVITY_SK_PREFIX,
  }),
} as const;
