import * as z from 'zod';
import { pageActivities } from '../domain/activity-list';
import { BadRequestError } from '../lib/errors';
import { activitiesOfUser } from '../repositories/activities';
import type { ActivitiesQuery, ActivitiesResponse } from '../shared/schemas/connections';

/** The cursor carries the view it belongs to, so a cursor from another filter or sort is refused, not misread. */
const Cursor = z.object({ o: z.number().int().nonnegative(), t: z.string(), s: z.string(), d: z.string() });

function encodeCursor(offset: number, query: ActivitiesQuery): string {
  return Buffer.from(JSON.stringify({ o: offset, t: query.type, s: query.sort, d: query.order })).toString('base64url');
}

function decodeCursor(cursor: string | undefined, query: ActivitiesQuery): number {
  if (!cursor) return 0;
  let parsed;
  try {
    parsed = Cursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    parsed = null;
  }
  if (!parsed?.success || parsed.data.t !== query.type || parsed.data.s !== query.sort || parsed.data.d !== query.order) {
    throw new BadRequestError('The cursor does not belong to this list; load the first page again.', undefined, 'invalid_cursor');
  }
  return parsed.data.o;
}

/**
 * The caller's unified activities. Everything the user has is within the retention window (about a month after
 * the daily refresh), so filtering and sorting in memory after one partition query is cheap and exact.
 */
export async function listActivities(userId: string, query: ActivitiesQuery, now: Date): Promise<ActivitiesResponse> {
  const offset = decodeCursor(query.cursor, query);
  const page = pageActivities(await activitiesOfUser(userId), query, offset, now);
  return { activities: page.activities, nextCursor: page.nextOffset === null ? null : encodeCursor(page.nextOffset, query) };
}
