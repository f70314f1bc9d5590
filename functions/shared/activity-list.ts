import type { UnifiedActivity } from './schemas/activity';
import type { ActivitiesQuery } from './schemas/connections';
import { canonicalActivityType } from './activity-types';

/** Rules of GET /api/activities shared by the server and demo mode: which activities a type filter keeps, and their order. */

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

/**
 * Keeps the activities of the filter's type and sorts them. Spec §2 filter values are canonical types of the one
 * vocabulary (activity-types.ts). Ties break on start time, then on the provider id, so pages never overlap or skip.
 */
export function filterAndSortActivities(
  all: readonly UnifiedActivity[],
  query: Pick<ActivitiesQuery, 'type' | 'sort' | 'order'>,
): UnifiedActivity[] {
  const wanted = query.type === 'all' ? null : query.type;
  const direction = query.order === 'asc' ? 1 : -1;
  return all
    .filter((activity) => wanted === null || canonicalActivityType(activity.activity_type) === wanted)
    .sort(
      (a, b) =>
        direction * (sortValue(a, query.sort) - sortValue(b, query.sort)) ||
        direction * (Date.parse(a.start_time) - Date.parse(b.start_time)) ||
        a.provider_activity_id.localeCompare(b.provider_activity_id),
    );
}

/** One page of a list: the items from `offset`, and the offset of the next page (null on the last). */
export function pageAt<T>(
  items: readonly T[],
  offset: number,
  limit: number,
): { items: T[]; nextOffset: number | null } {
  return {
    items: items.slice(offset, offset + limit),
    nextOffset: offset + limit < items.length ? offset + limit : null,
  };
}
