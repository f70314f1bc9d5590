/** A scripted failure: an HTTP status (with Retry-After and a body), or no answer / a late answer. */
export type Fault =
  | { status: number; retryAfterSeconds?: number; body?: unknown }
  /** Never answers (until the client gives up or the simulator stops), or answers normally after `delayMs`. */
  | { timeout: true; delayMs?: number };

interface FaultEntry {
  fault: Fault;
  remaining: number;
  pathPrefix: string;
  /** Only requests made for this account (e.g. a Strava athlete id, a Google sub) suffer it; undefined: every request. */
  account: string | undefined;
}

/**
 * The next `count` requests under a path prefix get a fault; first scripted, first served. A fault scripted for one
 * account hits only requests the simulator attributes to it (by their access token), so suites running side by side
 * on one simulator do not take each other's faults.
 */
export class FaultQueue {
  private readonly entries: FaultEntry[] = [];

  constructor(private readonly defaultPathPrefix: string) {}

  failNext(count: number, fault: Fault, pathPrefix = this.defaultPathPrefix, account?: string): void {
    if (!Number.isInteger(count) || count < 1) throw new Error('failNext needs a positive whole count');
    this.entries.push({ fault, remaining: count, pathPrefix, account });
  }

  /** Drops every pending fault, or only those scripted for `account`. */
  clear(account?: string): void {
    if (account === undefined) {
      this.entries.length = 0;
      return;
    }
    for (let i = this.entries.length - 1; i >= 0; i--)
      if (this.entries[i]!.account === account) this.entries.splice(i, 1);
  }

  /** The fault the next request to `path` (made for `account`, when known) must suffer, if any (consumes one). */
  take(path: string, account?: string): Fault | undefined {
    const entry = this.entries.find(
      (f) => f.remaining > 0 && path.startsWith(f.pathPrefix) && (f.account === undefined || f.account === account),
    );
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining === 0) this.entries.splice(this.entries.indexOf(entry), 1);
    return entry.fault;
  }
}

/** What every simulator logs of a request (each adds who it was for: athleteId, sub, …). */
export interface BaseRequestRecord {
  method: string;
  path: string;
  status: number;
  at: string;
}

export interface RequestFilter {
  method?: string;
  path?: string | RegExp;
  status?: number;
}

/** The request log tests count calls with. */
export class RequestLog<R extends BaseRequestRecord> {
  private readonly entries: R[] = [];

  constructor(private readonly clock: () => Date) {}

  record(entry: Omit<R, 'at'>): void {
    this.entries.push({ ...entry, at: this.clock().toISOString() } as R);
  }

  all(): R[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.entries.length = 0;
  }
}

/** How many logged requests match `filter` (method case-insensitive; path exact or a pattern). */
export function countRequests(requests: readonly BaseRequestRecord[], filter: RequestFilter = {}): number {
  return requests.filter(
    (r) =>
      (filter.method === undefined || r.method === filter.method.toUpperCase()) &&
      (filter.status === undefined || r.status === filter.status) &&
      (filter.path === undefined ||
        (typeof filter.path === 'string' ? r.path === filter.path : filter.path.test(r.path))),
  ).length;
}
