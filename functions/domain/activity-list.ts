import type { UnifiedActivity } from '../shared/schemas/activity';
import type { ActivitiesQuery } from '../shared/schemas/connections';
import { filterAndSortActivities, pageAt } from '../shared/activity-list';
import { isPastRetention } from './retention';

export interface ActivityPage {
  activities: UnifiedActivity[];
  nextOffset: number | null;
}

/**
 * Filters (type, 7-day retention at read time), sorts and pages a user's activities; the type filter and the order
 * are the shared rules demo mode uses too (functions/shared/activity-list.ts).
 */
export function pageActivities(
  all: readonly UnifiedActivity[],
  query: Pick<ActivitiesQuery, 'type' | 'sort' | 'order' | 'limit'>,
  offset: number,
  now: Date,
): ActivityPage {
  const visible = filterAndSortActivities(
    all.filter((activity) => !isPastRetention(activity.fetched_at, now)),
    query,
  );
  const page = pageAt(visible, offset, query.limit);
  return { activities: page.items, nextOffset: page.nextOffset };
}
