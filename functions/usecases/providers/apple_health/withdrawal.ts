import { revokeIngestToken } from '../../../repositories/apple-ingest-tokens';
import type { WithdrawalSide } from '../provider';

/**
 * Apple Health: the Shortcut's ingest token stops working before the connection goes, so nothing lands after the
 * delete. Not best effort: it is ours.
 */
export const appleWithdrawal: WithdrawalSide<unknown> = {
  id: 'apple_health',
  async withdrawAccess(userId) {
    await revokeIngestToken(userId);
  },
};
