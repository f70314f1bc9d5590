import type { BackfillDays } from '../../domain/backfill';
import { listProviderDailyAggregates, saveProviderDailyAggregates } from '../../repositories/metrics';
import type { ProviderType } from '../../shared/schemas/activity';
import { recalculateUserMetrics } from '../metrics';

/**
 * A finished backfill's last step, for every provider: its day totals become the provider's parts of the daily
 * aggregates (days the import already holds are left to it) and the metrics are recomputed. Returns the days written.
 */
export async function saveBackfilledDays(
  userId: string,
  provider: ProviderType,
  days: BackfillDays,
  now: Date,
): Promise<number> {
  const held = new Set(
    (await listProviderDailyAggregates(userId, { provider }))
      .filter((part) => part.backfilled !== true)
      .map((part) => part.date),
  );
  const parts = Object.values(days).filter((part) => !held.has(part.date));
  await saveProviderDailyAggregates(userId, parts);
  await recalculateUserMetrics(userId, now);
  return parts.length;
}
