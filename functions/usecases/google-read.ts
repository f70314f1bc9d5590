import { civilDates } from '../domain/google-health-time';
import type { HealthItem } from '../domain/google-health';
import { canReadActivity } from '../domain/google-health-oauth';
import { withGoogleAccess } from './google-access';
import type { GoogleDeps } from './google-deps';

/** The reference's longest daily roll-up range for steps (DailyRollUpDataPointsRequest.range: 90 days). */
export const MAX_ROLLUP_DAYS = 90;

/**
 * One page of a window from the Google Health API: the first page (no cursor) carries the window's daily steps
 * roll-up and the newest 25 exercises; each next page the following exercises, by Google's page token. Windows are
 * whole local days (the civil start time filter and the roll-up count local days); a window longer than the roll-up
 * allows is the caller's mistake. Only what the grant lets us read is asked for (more would be refused with a 403).
 */
export async function listGoogleHealthPage(
  userId: string,
  scopes: readonly string[],
  deps: GoogleDeps,
  window: { startMs: number; endMs: number },
  cursor: string | null,
): Promise<{ items: HealthItem[]; next: string | null }> {
  if (!canReadActivity(scopes)) return { items: [], next: null };
  const { startDate, endDate } = civilDates(window, deps.timeZone);
  const rollups =
    cursor === null
      ? await withGoogleAccess(userId, deps, (token) => deps.google.dailySteps(token, { startDate, endDate }))
      : null;
  const page = await withGoogleAccess(userId, deps, (token) =>
    deps.google.listExercises(token, { startDate, endDate, pageToken: cursor }),
  );
  const items: HealthItem[] = page.dataPoints.map((point) => ({ kind: 'exercise', point }));
  if (rollups) items.unshift({ kind: 'steps', rollups });
  return { items, next: page.nextPageToken };
}

/** A whole window, page after page (the import's 30 days, one backfill page). */
export async function readGoogleHealthWindow(
  userId: string,
  scopes: readonly string[],
  deps: GoogleDeps,
  window: { startMs: number; endMs: number },
): Promise<{ items: HealthItem[]; pages: number }> {
  const items: HealthItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await listGoogleHealthPage(userId, scopes, deps, window, cursor);
    items.push(...page.items);
    cursor = page.next;
    pages += 1;
  } while (cursor !== null);
  return { items, pages };
}
