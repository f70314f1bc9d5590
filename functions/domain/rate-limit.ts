/**
 * Pure rules for the per-Strava-config request limiter (spec §3 strava_rate_limits, §4, §8, §9).
 * Windows follow Strava's own: the 15-minute window starts at :00, :15, :30 and :45 UTC, the daily one at
 * midnight UTC. Time always comes in as an argument.
 */

export const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface RateLimits {
  fifteenMinLimit: number;
  dailyLimit: number;
}

/** Spec §9 per-config defaults. */
export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = Object.freeze({ fifteenMinLimit: 90, dailyLimit: 1000 });

export interface RateLimitState {
  fifteenMinRequests: number;
  fifteenMinWindowStart: Date;
  dailyRequests: number;
  dailyWindowStart: Date;
  lastRequestAt: Date | null;
  isRateLimited: boolean;
  retryAfter: Date | null;
}

export const RATE_LIMIT_MESSAGES = {
  daily: 'Daily rate limit exceeded',
  fifteenMin: '15-minute rate limit exceeded. Try again in 15 minutes',
  rateLimited: (seconds: number) => `Rate limited. Try again in ${seconds} seconds`,
  indicator: (minutes: number) => `Rate limited - try again in ${minutes} minutes`,
} as const;

export function fifteenMinuteWindowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / FIFTEEN_MINUTES_MS) * FIFTEEN_MINUTES_MS);
}

export function nextFifteenMinuteWindowStart(now: Date): Date {
  return new Date(fifteenMinuteWindowStart(now).getTime() + FIFTEEN_MINUTES_MS);
}

export function dailyWindowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

export function nextDailyWindowStart(now: Date): Date {
  return new Date(dailyWindowStart(now).getTime() + DAY_MS);
}

export function emptyRateLimitState(now: Date): RateLimitState {
  return {
    fifteenMinRequests: 0,
    fifteenMinWindowStart: fifteenMinuteWindowStart(now),
    dailyRequests: 0,
    dailyWindowStart: dailyWindowStart(now),
    lastRequestAt: null,
    isRateLimited: false,
    retryAfter: null,
  };
}

/** The state as it stands at `now`: a window that has ended starts again from 0, and a lapsed retry_after is cleared. */
export function rollWindows(state: RateLimitState, now: Date): RateLimitState {
  const fifteenStart = fifteenMinuteWindowStart(now);
  const dayStart = dailyWindowStart(now);
  const sameFifteen = state.fifteenMinWindowStart.getTime() === fifteenStart.getTime();
  const sameDay = state.dailyWindowStart.getTime() === dayStart.getTime();
  const stillLimited = state.isRateLimited && state.retryAfter !== null && state.retryAfter.getTime() > now.getTime();
  return {
    ...state,
    fifteenMinRequests: sameFifteen ? state.fifteenMinRequests : 0,
    fifteenMinWindowStart: fifteenStart,
    dailyRequests: sameDay ? state.dailyRequests : 0,
    dailyWindowStart: dayStart,
    isRateLimited: stillLimited,
    retryAfter: stillLimited ? state.retryAfter : null,
  };
}

export type RefusalReason = 'rate_limited' | 'daily' | 'fifteen_min';

export type RateLimitDecision =
  | { allowed: true; next: RateLimitState }
  | {
      allowed: false;
      reason: RefusalReason;
      /** Spec §8 text, shown to the user as is. */
      message: string;
      retryAt: Date;
      /** Whole seconds until `retryAt`, rounded up (never 0). */
      retryAfterSeconds: number;
      /** What to store: a refusal can mark the config rate limited. */
      next: RateLimitState;
    };

function secondsUntil(moment: Date, now: Date): number {
  return Math.max(1, Math.ceil((moment.getTime() - now.getTime()) / 1000));
}

/**
 * Whether one more request may go out now, and the state to store either way.
 * Order: an active rate-limited mark, then the daily limit, then the 15-minute limit; an allowed request counts
 * in both windows. `state` null means the config has made no request yet.
 */
export function decide(state: RateLimitState | null, limits: RateLimits, now: Date): RateLimitDecision {
  const current = rollWindows(state ?? emptyRateLimitState(now), now);

  if (current.isRateLimited && current.retryAfter) {
    const retryAfterSeconds = secondsUntil(current.retryAfter, now);
    return {
      allowed: false,
      reason: 'rate_limited',
      message: RATE_LIMIT_MESSAGES.rateLimited(retryAfterSeconds),
      retryAt: current.retryAfter,
      retryAfterSeconds,
      next: current,
    };
  }

  if (current.dailyRequests >= limits.dailyLimit) {
    const retryAt = nextDailyWindowStart(now);
    return {
      allowed: false,
      reason: 'daily',
      message: RATE_LIMIT_MESSAGES.daily,
      retryAt,
      retryAfterSeconds: secondsUntil(retryAt, now),
      next: current,
    };
  }

  if (current.fifteenMinRequests >= limits.fifteenMinLimit) {
    const retryAt = nextFifteenMinuteWindowStart(now);
    return {
      allowed: false,
      reason: 'fifteen_min',
      message: RATE_LIMIT_MESSAGES.fifteenMin,
      retryAt,
      retryAfterSeconds: secondsUntil(retryAt, now),
      next: { ...current, isRateLimited: true, retryAfter: retryAt },
    };
  }

  return {
    allowed: true,
    next: {
      ...current,
      fifteenMinRequests: current.fifteenMinRequests + 1,
      dailyRequests: current.dailyRequests + 1,
      lastRequestAt: now,
    },
  };
}

export interface WindowCounts {
  fifteenMin: number;
  daily: number;
}

/** What Strava reports on every API response (developers.strava.com/docs/rate-limits). */
export interface ProviderRateLimitHeaders {
  limit: WindowCounts;
  usage: WindowCounts;
  /** The "non-upload" (read) limit and usage; absent on older responses. */
  readLimit: WindowCounts | null;
  readUsage: WindowCounts | null;
}

export type HeaderSource =
  { get(name: string): string | null } | Readonly<Record<string, string | string[] | undefined>>;

function header(headers: HeaderSource, name: string): string | null {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name);
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? (value[0] ?? null) : value;
  }
  return null;
}

/** "15-minute,daily", e.g. "200,2000"; anything else is null. */
export function parseCountPair(value: string | null | undefined): WindowCounts | null {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value ?? '');
  if (!match) return null;
  return { fifteenMin: Number(match[1]), daily: Number(match[2]) };
}

/** Null when the overall pair is missing or malformed (then there is nothing to correct from). */
export function parseRateLimitHeaders(headers: HeaderSource): ProviderRateLimitHeaders | null {
  const limit = parseCountPair(header(headers, 'X-RateLimit-Limit'));
  const usage = parseCountPair(header(headers, 'X-RateLimit-Usage'));
  if (!limit || !usage) return null;
  return {
    limit,
    usage,
    readLimit: parseCountPair(header(headers, 'X-ReadRateLimit-Limit')),
    readUsage: parseCountPair(header(headers, 'X-ReadRateLimit-Usage')),
  };
}

/** Every call we make is a read, so whichever of Strava's two counters is higher is the one that binds. */
export function providerUsage(headers: ProviderRateLimitHeaders): WindowCounts {
  return {
    fifteenMin: Math.max(headers.usage.fifteenMin, headers.readUsage?.fifteenMin ?? 0),
    daily: Math.max(headers.usage.daily, headers.readUsage?.daily ?? 0),
  };
}

/**
 * Strava's count is app-wide (other deployments, retries we never saw), ours may include requests still in flight:
 * keep the larger of the two for the window current at `now`.
 */
export function applyProviderUsage(state: RateLimitState | null, reported: WindowCounts, now: Date): RateLimitState {
  const current = rollWindows(state ?? emptyRateLimitState(now), now);
  return {
    ...current,
    fifteenMinRequests: Math.max(current.fifteenMinRequests, reported.fifteenMin),
    dailyRequests: Math.max(current.dailyRequests, reported.daily),
  };
}

export interface RateLimitUsageSummary {
  fifteenMinRemaining: number;
  dailyRemaining: number;
  /** Whole minutes until the 15-minute window resets, rounded up. */
  minutesLeftInWindow: number;
  isRateLimited: boolean;
  retryAfterSeconds: number | null;
  /** 'Rate limited - try again in N minutes' while limited, else null. */
  message: string | null;
}

/** For the API-usage indicator. */
export function summarizeUsage(state: RateLimitState | null, limits: RateLimits, now: Date): RateLimitUsageSummary {
  const current = rollWindows(state ?? emptyRateLimitState(now), now);
  const fifteenMinRemaining = Math.max(0, limits.fifteenMinLimit - current.fifteenMinRequests);
  const dailyRemaining = Math.max(0, limits.dailyLimit - current.dailyRequests);
  const nextWindow = nextFifteenMinuteWindowStart(now);
  let retryAt: Date | null = null;
  if (dailyRemaining === 0) retryAt = nextDailyWindowStart(now);
  else if (current.isRateLimited && current.retryAfter) retryAt = current.retryAfter;
  else if (fifteenMinRemaining === 0) retryAt = nextWindow;
  const retryAfterSeconds = retryAt ? secondsUntil(retryAt, now) : null;
  return {
    fifteenMinRemaining,
    dailyRemaining,
    minutesLeftInWindow: Math.ceil((nextWindow.getTime() - now.getTime()) / 60_000),
    isRateLimited: retryAt !== null,
    retryAfterSeconds,
    message: retryAfterSeconds === null ? null : RATE_LIMIT_MESSAGES.indicator(Math.ceil(retryAfterSeconds / 60)),
  };
}

/** Spec §8: HTTP 429 is retried up to 3 times, honouring Retry-After, else exponential back-off from 1000 ms. */
export const MAX_429_RETRIES = 3;
export const BASE_BACKOFF_MS = 1000;

export type RetryDecision =
  | { action: 'retry'; delayMs: number }
  | { action: 'give_up'; reason: 'retries_exhausted' | 'retry_after_too_long'; delayMs: number | null };

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

export interface RetryInput {
  /** How many retries of this request have already been made (0 after the first 429). */
  retriesSoFar: number;
  retryAfterHeader?: string | null;
  now: Date;
  /** Waiting longer than this is pointless for the caller (e.g. a Lambda's remaining time): give up instead. */
  maxDelayMs?: number;
}

export function retryOn429({
  retriesSoFar,
  retryAfterHeader,
  now,
  maxDelayMs = Number.POSITIVE_INFINITY,
}: RetryInput): RetryDecision {
  const honoured = parseRetryAfter(retryAfterHeader, now);
  const delayMs = honoured ?? BASE_BACKOFF_MS * 2 ** retriesSoFar;
  if (retriesSoFar >= MAX_429_RETRIES) return { action: 'give_up', reason: 'retries_exhausted', delayMs: null };
  if (delayMs > maxDelayMs) return { action: 'give_up', reason: 'retry_after_too_long', delayMs };
  return { action: 'retry', delayMs };
}
