/** Provider-sourced data is kept at most this long after it was last fetched (terms, design §1). */
export const RETENTION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Anything last fetched before this instant must be gone. */
export function retentionCutoff(now: Date): Date {
  return new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
}

/** The DynamoDB TTL value (epoch seconds) for an item fetched at `fetchedAt`. */
export function retentionExpiresAt(fetchedAt: Date): number {
  return Math.ceil((fetchedAt.getTime() + RETENTION_DAYS * DAY_MS) / 1000);
}

/** Read-time guard: TTL deletion can lag by days, so reads must not trust it. */
export function isPastRetention(fetchedAt: string | Date, now: Date): boolean {
  return new Date(fetchedAt).getTime() < retentionCutoff(now).getTime();
}
