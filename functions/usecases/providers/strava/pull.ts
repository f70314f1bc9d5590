import { InvalidStravaActivityError, mapStravaActivity } from '../../../domain/strava-activity';
import { logger } from '../../../lib/logger';
import type { ActivityToStore } from '../../../repositories/activities';
import { withStravaAccess } from '../../strava-access';
import type { StravaDeps } from '../../strava-deps';
import type { PullSide } from '../provider';

/**
 * Strava's reading: a window's activities page by page (page numbers as the cursor), mapped by the domain mapping.
 * Strava's import, its refresh, its webhook imports and its backfill all read through this.
 */
export const stravaPull: PullSide<StravaDeps> = {
  async listWindowPage(userId, deps, window, cursor, pageSize = deps.settings.syncPageSize) {
    const page = cursor === null ? 1 : Number(cursor);
    const query = {
      after: Math.floor(window.startMs / 1000),
      before: Math.floor(window.endMs / 1000),
      page,
      perPage: pageSize,
    };
    const items = await withStravaAccess(userId, deps, (token) => deps.strava.listActivities(userId, token, query));
    // Strava filters some items out of a page (privacy), so only an empty page ends the window.
    return { items, next: items.length === 0 ? null : String(page + 1) };
  },
  map(items, { userId, fetchedAt }) {
    const activities: ActivityToStore[] = [];
    let skipped = 0;
    for (const raw of items) {
      try {
        activities.push({ activity: mapStravaActivity(raw, { userId, fetchedAt }), raw });
      } catch (error) {
        // One unreadable record must not sink the whole import.
        if (!(error instanceof InvalidStravaActivityError)) throw error;
        logger.warn('skipped unreadable strava activity', { userId, fields: error.fields });
        skipped += 1;
      }
    }
    return { activities, skipped };
  },
};
