import type { ProviderType } from '../../shared/schemas/activity';

/** users: a member's metrics and daily aggregates (see functions/repositories/metrics.ts). */
export const metricsKeys = {
  metrics: (userId: string) => ({ pk: `USER#${userId}`, sk: 'METRICS' }),
  dailyAggregate: (userId: string, date: string, provider: ProviderType) => ({
    pk: `USER#${userId}`,
    sk: `DAILY#${date}#${provider}`,
  }),
  /** A history backfill's part of one local day and provider, beside the raw part and inside the same `DAILY#` range. */
  dailyBackfillPart: (userId: string, date: string, provider: ProviderType) => ({
    pk: `USER#${userId}`,
    sk: `DAILY#${date}#${provider}#backfill`,
  }),
  /** The sort-key range of the daily aggregates from `from` ('YYYY-MM-DD', inclusive; every one without it) on. */
  dailyAggregatesFrom: (userId: string, from?: string) => ({
    pk: `USER#${userId}`,
    // '~' sorts after every digit and letter, so the upper bound covers every date and provider.
    skFrom: `DAILY#${from ?? ''}`,
    skTo: 'DAILY#~',
  }),
} as const;
