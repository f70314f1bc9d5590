import { StravaAuthError } from '../adapters/strava/errors';
import { InvalidStravaActivityError, mapStravaActivity } from '../domain/strava-activity';
import { NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { ActivityToStore } from '../repositories/activities';
import { getConnection } from '../repositories/connections';
import { createSyncRequest, isManualSyncOnly } from '../repositories/sync-requests';
import { stravaTokenSource, withStravaAccess } from '../usecases/strava-access';
import { createAuthorizeUrl } from '../usecases/strava-connect';
import type { StravaDeps } from '../usecases/strava-deps';
import { startImportJob } from '../usecases/import-jobs/jobs';
import type { Provider } from './provider';

export const STRAVA_NOT_CONNECTED = 'Strava is not connected.';

/** Strava: OAuth with rotating refresh tokens, activities listed page by page (page numbers as the cursor). */
export const stravaProvider: Provider<StravaDeps> = {
  id: 'strava',
  notConnectedMessage: STRAVA_NOT_CONNECTED,
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
  /** A manual_sync_only user files a request; everyone else syncs now. */
  async syncNow(userId, deps) {
    const connection = await getConnection(userId, 'strava', null);
    if (!connection?.isActive) throw new NotFoundError(STRAVA_NOT_CONNECTED);
    const built = await deps();
    if (await isManualSyncOnly(userId))
      return { kind: 'requested', request: await createSyncRequest(userId, built.clock()) };
    return { kind: 'queued', job: await startImportJob(userId, 'strava', 'import', built.clock()) };
  },
  async withdrawAccess(userId, deps) {
    const connection = await getConnection(userId, 'strava', null);
    if (!connection?.isActive) return;
    try {
      const built = await deps();
      await withStravaAccess(userId, built, (token) => built.strava.deauthorize(token));
    } catch (error) {
      const detail =
        error instanceof StravaAuthError ? 'already revoked' : error instanceof Error ? error.message : String(error);
      logger.warn('strava deauthorize failed; disconnecting anyway', { userId, detail });
    }
  },
};
