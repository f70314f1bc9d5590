import type { BackfillDays } from '../../domain/backfill';
import { saveProviderDailyAggregates } from '../../repositories/metrics';
import { recalculateUserMetrics } from '../metrics';

/**
 * A finished backfill's last step, for every provider: its day totals become the provider's backfill parts of the
 * daily aggregates (items of their own beside the raw parts, so the day where the windows meet gets both) and the
 * metrics are recomputed. Returns the days written.
 */
export async function saveBackfilledDays(userId: string, days: BackfillDays, now: Date): Promise<number> {
  const parts = Object.values(days);
  await saveProviderDailyAggregates(userId, parts);
  await recalculateUserMetrics(userId, now);
  return parts.length;
}
