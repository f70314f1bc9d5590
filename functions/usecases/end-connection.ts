import { deleteActivitiesOfUser } from '../repositories/activities';
import { deactivateConnection } from '../repositories/connections';
import { deleteImportJobsOf } from '../repositories/import-jobs';
import type { ProviderType } from '../shared/schemas/activity';

/**
 * Consent ended (disconnect, deauthorization, account deletion): what TrailBuddy holds from the provider goes, and
 * nothing comes back. The order is what makes it hold:
 * 1. the connection becomes inactive and loses its generation: from here on every write an import, backfill, webhook
 *    import or daily refresh makes for it fails its fence (connection-fence.ts), whatever it read before;
 * 2. its jobs go (a running one finds its item gone and stops; a backfill's saved day totals go with it);
 * 3. its activities go, read strongly consistent after step 1, so this sees every fenced write that ever landed.
 * The provider's part of the daily aggregates is the caller's (forgetProviderMetrics, or the account sweep).
 * Returns how many activities went.
 */
export async function endConnection(userId: string, provider: ProviderType, now: Date): Promise<number> {
  await deactivateConnection(userId, provider, now);
  await deleteImportJobsOf(userId, provider);
  return deleteActivitiesOfUser(userId, provider);
}
