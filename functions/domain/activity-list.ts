import type { UnifiedActivity } from '../shared/schemas/activity';
import type { ActivitiesQuery } from '../shared/schemas/connections';
import { canonicalActivityType } from '../shared/activity-types';
import { isPastRetention } from './retention';


function sortValue(activity: UnifiedActivity, sort: ActivitiesQuery['sort']): number {
  switch (sort) {
    case 'date':
      return Date.parse(activity.start_time);
    case 'distance':
      return activity.distance_meters ?? -1;
    case 'duration':
      return activity.duration_seconds;
    case 'elevation':
      return activity.elevation_gain_meters ?? -1;
  }
}

export interface ActivityPage {
  activities: UnifiedActivity[];
  nextOffset: number | null;
}

/**
 * Filters (type, 7-day retention at read time), sorts and pages a user's activities. Ties break on start time,
 * then on the provider id, so pages never overlap or skip.
 */
export function pageActivities(all: readonly UnifiedActivity[], query: Pick<ActivitiesQuery, 'type' | 'sort' | 'order' | 'limit'>, offset: number, now: Date): ActivityPage {
  // Spec §2 filter values are canonical types of the one vocabulary (functions/shared/activity-types.ts).
  const wanted = query.type === 'all' ? null : query.type;
  const direction = query.order === 'asc' ? 1 : -1;
  const visible = all
    .filter((activity) => !isPastRetention(activity.fetched_at, now))
    .filter((activity) => wanted === null || canonicalActivityType(activity.activity_type) === wanted)
    .sort(
      (a, b) =>
        direction * (sortValue(a, query.sort) - sortValue(b, query.sort)) ||
        direction * (Date.parse(a.start_time) - Date.parse(b.start_time)) ||
        a.provider_activity_id.localeCompare(b.provider_activity_id),
    );
  const activities = visible.slice(offset, offset + query.limit);
  return { activities, nextOffset: offset + query.limit < visible.length ? offset + query.limit : null };
}
