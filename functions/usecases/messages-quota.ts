import { DEFAULT_TIME_ZONE } from '../shared/schemas/metrics';
import { FREE_MESSAGES_PER_MONTH, type MessageQuota } from '../shared/schemas/messages';

/** The quota month a moment falls in, 'YYYY-MM' in the product's time zone (a BC month, not a UTC one). */
export function quotaMonthOf(now: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return `${year}-${month}`;
}

/** Minutes the zone is ahead of UTC at `ms` (negative in the Americas). */
function offsetMinutes(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - ms) / 60_000;
}

/** When the next quota month starts: local midnight on the 1st of the next month. */
export function quotaResetsAt(now: Date, timeZone = DEFAULT_TIME_ZONE): Date {
  const [year, month] = quotaMonthOf(now, timeZone).split('-').map(Number) as [number, number];
  const nextMidnightAsUtc = Date.UTC(month === 12 ? year + 1 : year, month === 12 ? 0 : month, 1);
  return new Date(nextMidnightAsUtc - offsetMinutes(nextMidnightAsUtc, timeZone) * 60_000);
}

export function messageQuota(used: number, now: Date, limit = FREE_MESSAGES_PER_MONTH): MessageQuota {
  const counted = Math.min(used, limit);
  return { limit, used: counted, remaining: limit - counted, resetsAt: quotaResetsAt(now).toISOString() };
}
