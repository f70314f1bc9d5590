import type { BackfillDays } from '../../domain/backfill';
import { saveProviderDailyAggregates } from '../../repositories/metrics';
import type { ImportFence } from '../import-connection';
import { recalculateUserMetrics } from '../metrics';

/**
 * A finished backfill's last step, for every provider: its day totals become the provider's backfill parts of the
 * daily aggregates (items of their own beside the raw parts, so the day where the windows meet gets both) and the
 * metrics are recomputed. Both only while the backfill's connection lasts (ConnectionEndedError otherwise). Returns
 * the days written.
 */
export async function saveBackfilledDays(fence: ImportFence, days: BackfillDays, now: Date): Promise<number> {
  const parts = Object.values(days);
  await saveProviderDailyAggregates(fence.userId, parts, [fence]);
  await recalculateUserMetrics(fence.userId, now, {}, { fence });
  return parts.length;
}
