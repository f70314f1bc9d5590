import * as z from 'zod';
import { pageActivities } from '../domain/activity-list';
import { isPastRetention, retentionCutoff } from '../domain/retention';
import { BadRequestError } from '../lib/errors';
import { activityPageByStartTime, listFieldsOfActivities, type ActivityPageKey } from '../repositories/activities';
import { ACTIVITY_SK_PREFIX } from '../repositories/keys';
import { canonicalActivityType } from '../shared/activity-types';
import type { ActivitiesQuery, ActivitiesResponse } from '../shared/schemas/connections';

/**
 * The cursor carries the view it belongs to, so a cursor from another filter or sort is refused, not misread.
 * Date order pages by the start-time index (`k`: where the last page ended); the other sorts by offset (`o`).
 */
const Cursor = z.object({
  o: z.number().int().nonnegative().optional(),
  k: z
    .object({ sk: z.string().startsWith(ACTIVITY_SK_PREFIX).min(5).max(300), at: z.string().min(1).max(40) })
    .optional(),
  t: z.string(),
  s: z.string(),
  d: z.string(),
});
type Cursor = z.infer<typeof Cursor>;

function encodeCursor(position: Pick<Cursor, 'o' | 'k'>, query: ActivitiesQuery): string {
  return Buffer.from(JSON.stringify({ ...position, t: query.type, s: query.sort, d: query.order })).toString(
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
  const byDate = query.sort === 'date';
  if (
    !parsed?.success ||
    parsed.data.t !== query.type ||
    parsed.data.s !== query.sort ||
    parsed.data.d !== query.order ||
    (byDate ? !parsed.data.k : parsed.data.o === undefined)
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
 * The caller's unified activities. Newest or oldest first (the default view) reads one page of the start-time index
 * with a DynamoDB cursor, so a page costs the same at any history size; the retention filter is part of the query.
 * Sorting by distance, duration or elevation has no index: those read the list fields of every retained activity.
 */
export async function listActivities(userId: string, query: ActivitiesQuery, now: Date): Promise<ActivitiesResponse> {
  const cursor = decodeCursor(query.cursor, query);
  if (query.sort === 'date') {
    const after: ActivityPageKey | undefined = cursor?.k ? { sk: cursor.k.sk, startTime: cursor.k.at } : undefined;
    const page = await activityPageByStartTime(userId, {
      order: query.order,
      limit: query.limit,
      after,
      fetchedSince: retentionCutoff(now),
      keep: (activity) =>
        !isPastRetention(activity.fetched_at, now) &&
        (query.type === 'all' || canonicalActivityType(activity.activity_type) === query.type),
    });
    return {
      activities: page.activities,
      nextCursor: page.next ? encodeCursor({ k: { sk: page.next.sk, at: page.next.startTime } }, query) : null,
    };
  }
  const offset = cursor?.o ?? 0;
  const page = pageActivities(await listFieldsOfActivities(userId, retentionCutoff(now)), query, offset, now);
  return {
    activities: page.activities,
    nextCursor: page.nextOffset === null ? null : encodeCursor({ o: page.nextOffset }, query),
  };
}
