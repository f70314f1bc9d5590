import { StravaAuthError } from '../../../adapters/strava/errors';
import { logger } from '../../../lib/logger';
import { getConnection } from '../../../repositories/connections';
import { withStravaAccess } from '../../strava-access';
import type { StravaOAuthDeps } from '../../strava-oauth-deps';
import type { WithdrawalSide } from '../provider';

/** Strava: disconnecting deauthorizes TrailBuddy for the athlete (best effort). */
export const stravaWithdrawal: WithdrawalSide<StravaOAuthDeps> = {
  id: 'strava',
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
