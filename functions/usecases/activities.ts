import * as z from 'zod';
import { isPastRetention, retentionCutoff } from '../domain/retention';
import { BadRequestError } from '../lib/errors';
import { activityPage, garminDevicesOf } from '../repositories/activities';
import { ACTIVITY_SK_PREFIX } from '../repositories/keys';
import { canonicalActivityType } from '../shared/activity-types';
import type { ActivitiesQuery, ActivitiesResponse } from '../shared/schemas/connections';

/**
 * The cursor carries the view it belongs to, so a cursor from another filter or sort is refused, not misread. `k` is
 * where the last page ended in the order's index: the item's table sort key and its key in that index.
 */
const Cursor = z.object({
  k: z.object({ sk: z.string().startsWith(ACTIVITY_SK_PREFIX).min(5).max(300), at: z.string().min(1).max(400) }),
  t: z.string(),
  s: z.string(),
  d: z.string(),
});
type Cursor = z.infer<typeof Cursor>;

function encodeCursor(position: Cursor['k'], query: ActivitiesQuery): string {
  return Buffer.from(JSON.stringify({ k: position, t: query.type, s: query.sort, d: query.order })).toString(
    'base64url',
  );
}

function decodeCursor(cursor: string | undefined, query: ActivitiesQuery): Cursor | null {
  if (!cursor) return null;
  let parsed;
  try {
    parsed = Cursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    parsed = null;
  }
  if (
    !parsed?.success ||
    parsed.data.t !== query.type ||
    parsed.data.s !== query.sort ||
    parsed.data.d !== query.order
  ) {
    throw new BadRequestError(
      'The cursor does not belong to this list; load the first page again.',
      undefined,
      'invalid_cursor',
    );
  }
  return parsed.data;
}

/**
 * The caller's unified activities: one page of the chosen order's index with a DynamoDB cursor (newest/oldest first by
 * start time, or by distance, duration or elevation), so a page costs the same at any history size; the retention
 * filter is part of the query.
 */
export async function listActivities(userId: string, query: ActivitiesQuery, now: Date): Promise<ActivitiesResponse> {
  const cursor = decodeCursor(query.cursor, query);
  const page = await activityPage(userId, {
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    after: cursor?.k,
    fetchedSince: retentionCutoff(now),
    keep: (activity) =>
      !isPastRetention(activity.fetched_at, now) &&
      (query.type === 'all' || canonicalActivityType(activity.activity_type) === query.type),
  });
  const garminDevices = await garminDevicesOf(userId, page.activities);
  return {
    activities: page.activities.map((activity) => {
      const garminDevice = garminDevices.get(activity.provider_activity_id);
      return activity.provider_type === 'strava' && garminDevice
        ? { ...activity, garmin_device: garminDevice }
        : activity;
    }),
    nextCursor: page.next ? encodeCursor(page.next, query) : null,
  };
}
