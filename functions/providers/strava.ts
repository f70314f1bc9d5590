import { InvalidStravaActivityError, mapStravaActivity } from '../domain/strava-activity';
import type { ActivityToStore } from '../repositories/activities';
import { stravaTokenSource, withStravaAccess } from '../usecases/strava-access';
import { createAuthorizeUrl } from '../usecases/strava-connect';
import type { StravaDeps } from '../usecases/strava-deps';
import type { Provider } from './provider';
import { stravaSyncNow } from './strava-sync-now';
import { stravaWithdrawal } from './strava-withdrawal';

export { STRAVA_NOT_CONNECTED } from './strava-sync-now';

/** Strava: OAuth with rotating refresh tokens, activities listed page by page (page numbers as the cursor). */
export const stravaProvider: Provider<StravaDeps> = {
  ...stravaSyncNow,
  ...stravaWithdrawal,
  oauth: {
    authorizeUrl: (userId, deps) => createAuthorizeUrl(userId, deps),
    exchange: (code, deps) => deps.strava.exchangeCode(code),
    refresh: (refreshToken, deps) => deps.strava.refresh(refreshToken),
    revoke: (tokens, deps) => deps.strava.deauthorize(tokens.accessToken),
    tokenSource: (deps) => stravaTokenSource(deps),
  },
  pull: {
    async listWindowPage(userId, deps, window, cursor) {
      const page = cursor === null ? 1 : Number(cursor);
      const query = {
        after: Math.floor(window.startMs / 1000),
        before: Math.floor(window.endMs / 1000),
        page,
        perPage: deps.settings.syncPageSize,
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
          if (!(error instanceof InvalidStravaActivityError)) throw error;
          skipped += 1;
        }
      }
      return { activities, skipped };
    },
  },
};
