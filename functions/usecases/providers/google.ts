import { healthActivities, type HealthItem } from '../../domain/google-health';
import { NotFoundError } from '../../lib/errors';
import { getConnection } from '../../repositories/connections';
import { GOOGLE_NOT_CONNECTED, googleTokenSource } from '../google-access';
import { createGoogleAuthorizeUrl } from '../google-connect';
import type { GoogleDeps } from '../google-deps';
import { listGoogleHealthPage } from '../google-read';
import { googleSyncNow } from './google-sync-now';
import { googleWithdrawal } from './google-withdrawal';
import type { Provider } from './provider';

/**
 * Google Health (API v4): OAuth where Google keeps its refresh token; a window is read page by page (the first page
 * carries the daily steps roll-up, every page up to 25 exercises, Google's page token is the cursor).
 */
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
    async listWindowPage(userId, deps, window, cursor) {
      const connection = await getConnection(userId, 'google_health', null);
      if (!connection?.isActive) throw new NotFoundError(GOOGLE_NOT_CONNECTED);
      return listGoogleHealthPage(userId, connection.scopes, deps, window, cursor);
    },
    map(items, context) {
      const { activities, skipped } = healthActivities(items as readonly HealthItem[], context);
      return { activities, skipped: skipped.length };
    },
  },
};
