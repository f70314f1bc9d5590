import { logger } from '../../lib/logger';
import { getConnection } from '../../repositories/connections';
import { revokeGoogleAccess } from '../google-access';
import type { GoogleOAuthDeps } from '../google-oauth-deps';
import type { WithdrawalSide } from './provider';

/** Google Health: disconnecting revokes the grant at Google (best effort). */
export const googleWithdrawal: WithdrawalSide<GoogleOAuthDeps> = {
  id: 'google_health',
  async withdrawAccess(userId, deps) {
    const connection = await getConnection(userId, 'google_health', null);
    if (!connection?.isActive) return;
    try {
      await revokeGoogleAccess(userId, await deps());
    } catch (error) {
      logger.warn('google revoke failed; disconnecting anyway', {
        userId,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  },
};
