import type { UnifiedActivity } from './schemas/activity';
import type { ActivitiesQuery } from './schemas/connections';
import { canonicalActivityType } from './activity-types';

/** Rules of GET /api/activities shared by the server and demo mode: which activities a type filter keeps, and their order. */

/** The number an activity sorts by in one order (an unknown distance or elevation sorts below every known one). */
export function activitySortValue(activity: UnifiedActivity, sort: ActivitiesQuery['sort']): number {
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
 * vocabulary (activity-types.ts). Ties break on start time, then on the provider id (by code unit, as DynamoDB orders
 * strings), both in the list's direction: the server's order indexes sort the same way (activityOrderKey).
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
        direction * (activitySortValue(a, query.sort) - activitySortValue(b, query.sort)) ||
        direction * (Date.parse(a.start_time) - Date.parse(b.start_time)) ||
        direction * compareCodeUnits(a.provider_activity_id, b.provider_activity_id),
    );
}

const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A string that sorts as the activity does in `sort` (value, then start time, then provider id): the key of that
 * order's index. Numbers become 16 hex digits of their IEEE 754 bits, sign flipped (negatives inverted), so that
 * string order is number order.
 */
export function activityOrderKey(activity: UnifiedActivity, sort: ActivitiesQuery['sort']): string {
  return [
    sortableNumber(activitySortValue(activity, sort)),
    sortableNumber(Date.parse(activity.start_time)),
    activity.provider_activity_id,
  ].join('#');
}

function sortableNumber(value: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const negative = view.getUint32(0) >>> 31 === 1;
  const high = negative ? ~view.getUint32(0) >>> 0 : (view.getUint32(0) | 0x80000000) >>> 0;
  const low = negative ? ~view.getUint32(4) >>> 0 : view.getUint32(4);
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
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
