import { activityOrderKey } from '../../shared/activity-list';
import type { UnifiedActivity } from '../../shared/schemas/activity';
import { ACTIVITY_ORDER_INDEXES } from '../../shared/tables';

/** The sort-key prefix every activity item has (a paging cursor is checked against it). */
export const ACTIVITY_SK_PREFIX = 'ACT#';

export const activityKeys = {
  /** activities: one per user + provider + provider activity id; gsi1 lists a user's by start time. */
  activity: (userId: string, provider: string, providerActivityId: string) => ({
    pk: `USER#${userId}`,
    sk: `${ACTIVITY_SK_PREFIX}${provider}#${providerActivityId}`,
  }),
  activityByStartTime: (userId: string, startTime: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: startTime }),
  /** The sort keys of the list's other orders (byDistance, byDuration, byElevation; partition: gsi1pk). */
  activityInOrders: (activity: UnifiedActivity) =>
    Object.fromEntries(
      Object.entries(ACTIVITY_ORDER_INDEXES).map(([sort, index]) => [
        index.sortKey,
        activityOrderKey(activity, sort as keyof typeof ACTIVITY_ORDER_INDEXES),
      ]),
    ),
  activitiesOfUser: (userId: string, provider?: string) => ({
    pk: `USER#${userId}`,
    skPrefix: provider ? `${ACTIVITY_SK_PREFIX}${provider}#` : ACTIVITY_SK_PREFIX,
  }),
} as const;
