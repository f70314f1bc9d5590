import { fitActivities, type FitBucket } from '../domain/google-fit';
import { canReadFitArea, readableFitDataTypes } from '../domain/google-fit-oauth';
import { NotFoundError } from '../lib/errors';
import { getConnection } from '../repositories/connections';
import { GOOGLE_NOT_CONNECTED, googleTokenSource, withGoogleAccess } from '../usecases/google-access';
import { createGoogleAuthorizeUrl } from '../usecases/google-connect';
import type { GoogleDeps } from '../usecases/google-deps';
import { googleSyncNow } from './google-sync-now';
import { googleWithdrawal } from './google-withdrawal';
import type { Provider } from './provider';

/** Defined with the scope rules in the domain (the sync use case reads it there without an import cycle). */
export { readableFitDataTypes };

/** One page of Google Fit: the daily buckets and the sessions of the whole window (the mapping needs both together). */
export interface FitWindowPage {
  buckets: FitBucket[];
  sessions: unknown[];
}

/** Google Fit: OAuth where Google keeps its refresh token; a window is one page (daily aggregate + sessions). */
export const googleProvider: Provider<GoogleDeps> = {
  ...googleSyncNow,
  ...googleWithdrawal,
  oauth: {
    authorizeUrl: (userId, deps) => createGoogleAuthorizeUrl(userId, deps),
    exchange: (code, deps) => deps.google.exchangeCode(code),
    refresh: (refreshToken, deps) => deps.google.refresh(refreshToken),
    // Revoking the refresh token ends the whole grant.
    revoke: (tokens, deps) => deps.google.revoke(tokens.refreshToken),
    tokenSource: (deps) => googleTokenSource(deps),
  },
  pull: {
    async listWindowPage(userId, deps, window) {
      const connection = await getConnection(userId, 'google_health', null);
      if (!connection?.isActive) throw new NotFoundError(GOOGLE_NOT_CONNECTED);
      const dataTypeNames = readableFitDataTypes(connection.scopes);
      const buckets =
        dataTypeNames.length === 0
          ? []
          : await withGoogleAccess(userId, deps, (token) =>
              deps.google.aggregateByDay(token, {
                dataTypeNames,
                startTimeMillis: window.startMs,
                endTimeMillis: window.endMs,
                timeZone: deps.timeZone,
              }),
            );
      const sessions = canReadFitArea(connection.scopes, 'activity')
        ? await withGoogleAccess(userId, deps, (token) =>
            deps.google.listSessions(token, { startTime: new Date(window.startMs), endTime: new Date(window.endMs) }),
          )
        : [];
      const page: FitWindowPage = { buckets, sessions };
      return { items: [page], next: null };
    },
    map(items, context) {
      const pages = items as readonly FitWindowPage[];
      const { activities, skipped } = fitActivities(
        { buckets: pages.flatMap((p) => p.buckets), sessions: pages.flatMap((p) => p.sessions) },
        context,
      );
      return { activities, skipped: skipped.length };
    },
  },
};
