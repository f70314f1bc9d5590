import { instantOfWallClock, localTimeIn, zoneRules } from '../shared/analysis/local-time';
import { DEFAULT_TIME_ZONE } from '../shared/schemas/metrics';
import { FREE_MESSAGES_PER_MONTH, type MessageQuota } from '../shared/schemas/messages';

/** The quota month a moment falls in, 'YYYY-MM' in the product's time zone (a BC month, not a UTC one). */
export function quotaMonthOf(now: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return localTimeIn(timeZone)(now.getTime()).date.slice(0, 7);
}

/** When the next quota month starts: local midnight on the 1st of the next month. */
export function quotaResetsAt(now: Date, timeZone = DEFAULT_TIME_ZONE): Date {
  const [year, month] = quotaMonthOf(now, timeZone).split('-').map(Number) as [number, number];
  const nextMidnightAsUtc = Date.UTC(month === 12 ? year + 1 : year, month === 12 ? 0 : month, 1);
  return new Date(instantOfWallClock(zoneRules(timeZone), nextMidnightAsUtc));
}

export function messageQuota(
  used: number,
  now: Date,
  { limit = FREE_MESSAGES_PER_MONTH, premium = false }: { limit?: number; premium?: boolean } = {},
): MessageQuota {
  const counted = Math.min(used, limit);
  return {
    limit,
    used: counted,
    remaining: limit - counted,
    resetsAt: quotaResetsAt(now).toISOString(),
    ...(premium ? { unlimited: true as const } : {}),
  };
}
