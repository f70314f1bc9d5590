import { describe, expect, it } from 'vitest';
import {
  applyProviderUsage,
  dailyWindowStart,
  decide,
  DEFAULT_RATE_LIMITS,
  emptyRateLimitState,
  fifteenMinuteWindowStart,
  nextDailyWindowStart,
  nextFifteenMinuteWindowStart,
  parseCountPair,
  parseRateLimitHeaders,
  parseRetryAfter,
  providerUsage,
  retryOn429,
  summarizeUsage,
  type RateLimitState,
} from '../../../functions/domain/rate-limit';

const at = (iso: string) => new Date(iso);

function stateAt(now: string, overrides: Partial<RateLimitState> = {}): RateLimitState {
  return { ...emptyRateLimitState(at(now)), ...overrides };
}

describe('window alignment (quarter hour and midnight UTC)', () => {
  it.each([
    ['2025-06-01T10:00:00.000Z', '2025-06-01T10:00:00.000Z', '2025-06-01T10:15:00.000Z'],
    ['2025-06-01T10:14:59.999Z', '2025-06-01T10:00:00.000Z', '2025-06-01T10:15:00.000Z'],
    ['2025-06-01T10:15:00.000Z', '2025-06-01T10:15:00.000Z', '2025-06-01T10:30:00.000Z'],
    ['2025-06-01T10:44:12.345Z', '2025-06-01T10:30:00.000Z', '2025-06-01T10:45:00.000Z'],
    ['2025-06-01T23:59:59.999Z', '2025-06-01T23:45:00.000Z', '2025-06-02T00:00:00.000Z'],
    ['2025-06-02T00:00:00.000Z', '2025-06-02T00:00:00.000Z', '2025-06-02T00:15:00.000Z'],
  ])('at %s the 15-minute window is [%s, %s)', (now, start, next) => {
    expect(fifteenMinuteWindowStart(at(now)).toISOString()).toBe(start);
    expect(nextFifteenMinuteWindowStart(at(now)).toISOString()).toBe(next);
  });

  it.each([
    ['2025-06-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z', '2025-06-02T00:00:00.000Z'],
    ['2025-06-01T23:59:59.000Z', '2025-06-01T00:00:00.000Z', '2025-06-02T00:00:00.000Z'],
    ['2025-06-01T23:59:59.999Z', '2025-06-01T00:00:00.000Z', '2025-06-02T00:00:00.000Z'],
    ['2025-06-02T00:00:00.000Z', '2025-06-02T00:00:00.000Z', '2025-06-03T00:00:00.000Z'],
    // Vancouver's evening is already the next UTC day.
    ['2025-12-31T17:30:00-08:00', '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'],
  ])('at %s the day is [%s, %s)', (now, start, next) => {
    expect(dailyWindowStart(at(now)).toISOString()).toBe(start);
    expect(nextDailyWindowStart(at(now)).toISOString()).toBe(next);
  });
});

describe('decide', () => {
  const limits = DEFAULT_RATE_LIMITS;

  it('uses the spec §9 defaults: 90 per 15 minutes, 1000 per day', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ fifteenMinLimit: 90, dailyLimit: 1000 });
  });

  it('allows the first request of a config with no record and counts it in both windows', () => {
    const now = at('2025-06-01T10:07:30.000Z');
    const decision = decide(null, limits, now);
    expect(decision.allowed).toBe(true);
    expect(decision.next).toEqual({
      fifteenMinRequests: 1,
      fifteenMinWindowStart: at('2025-06-01T10:00:00.000Z'),
      dailyRequests: 1,
      dailyWindowStart: at('2025-06-01T00:00:00.000Z'),
      lastRequestAt: now,
      isRateLimited: false,
      retryAfter: null,
    });
  });

  it('lets exactly the limit through in one window, then refuses', () => {
    const now = at('2025-06-01T10:07:30.000Z');
    let state: RateLimitState | null = null;
    let allowed = 0;
    const refusals: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      const decision = decide(state, limits, now);
      state = decision.next;
      if (decision.allowed) allowed += 1;
      else refusals.push(decision.message);
    }
    expect(allowed).toBe(90);
    expect(refusals[0]).toBe('15-minute rate limit exceeded. Try again in 15 minutes');
    // Once marked, the config is refused with the remaining wait: 10:07:30 -> 10:15:00.
    expect(refusals.slice(1)).toEqual(Array(9).fill('Rate limited. Try again in 450 seconds'));
  });

  const full = (now: string) => stateAt(now, { fifteenMinRequests: 90, dailyRequests: 400 });

  it.each([
    ['2025-06-01T10:14:59.999Z', false, 1],
    ['2025-06-01T10:15:00.000Z', true, null],
  ] as const)('a full 10:00 window at %s: allowed=%s', (now, allowed, retryAfterSeconds) => {
    const decision = decide(full('2025-06-01T10:03:00.000Z'), limits, at(now));
    expect(decision.allowed).toBe(allowed);
    if (decision.allowed) {
      expect(decision.next.fifteenMinRequests).toBe(1);
      expect(decision.next.dailyRequests).toBe(401);
      expect(decision.next.fifteenMinWindowStart).toEqual(at('2025-06-01T10:15:00.000Z'));
    } else {
      expect(decision.reason).toBe('fifteen_min');
      expect(decision.message).toBe('15-minute rate limit exceeded. Try again in 15 minutes');
      expect(decision.retryAt).toEqual(at('2025-06-01T10:15:00.000Z'));
      expect(decision.retryAfterSeconds).toBe(retryAfterSeconds);
      expect(decision.next.isRateLimited).toBe(true);
      expect(decision.next.retryAfter).toEqual(at('2025-06-01T10:15:00.000Z'));
    }
  });

  it.each([
    // retry_after 10:15:00; the wait is rounded up to whole seconds.
    ['2025-06-01T10:05:00.000Z', 'Rate limited. Try again in 600 seconds', 600],
    ['2025-06-01T10:14:30.200Z', 'Rate limited. Try again in 30 seconds', 30],
    ['2025-06-01T10:14:59.999Z', 'Rate limited. Try again in 1 seconds', 1],
  ])('a config marked rate limited is refused at %s with "%s"', (now, message, seconds) => {
    const state = stateAt('2025-06-01T10:00:00.000Z', {
      fifteenMinRequests: 90,
      isRateLimited: true,
      retryAfter: at('2025-06-01T10:15:00.000Z'),
    });
    const decision = decide(state, limits, at(now));
    expect(decision).toMatchObject({ allowed: false, reason: 'rate_limited', message, retryAfterSeconds: seconds });
  });

  it('clears the mark once retry_after has passed', () => {
    const state = stateAt('2025-06-01T10:00:00.000Z', {
      fifteenMinRequests: 90,
      isRateLimited: true,
      retryAfter: at('2025-06-01T10:15:00.000Z'),
    });
    const decision = decide(state, limits, at('2025-06-01T10:15:00.000Z'));
    expect(decision.allowed).toBe(true);
    expect(decision.next).toMatchObject({ isRateLimited: false, retryAfter: null, fifteenMinRequests: 1 });
  });

  it.each([
    ['2025-06-01T23:59:59.000Z', false],
    ['2025-06-01T23:59:59.999Z', false],
    ['2025-06-02T00:00:00.000Z', true],
  ] as const)('a full day at %s: allowed=%s', (now, allowed) => {
    const state = stateAt('2025-06-01T23:50:00.000Z', { fifteenMinRequests: 3, dailyRequests: 1000 });
    const decision = decide(state, limits, at(now));
    expect(decision.allowed).toBe(allowed);
    if (decision.allowed) {
      expect(decision.next).toMatchObject({
        dailyRequests: 1,
        fifteenMinRequests: 1,
        dailyWindowStart: at('2025-06-02T00:00:00.000Z'),
      });
    } else {
      expect(decision).toMatchObject({
        reason: 'daily',
        message: 'Daily rate limit exceeded',
        retryAt: at('2025-06-02T00:00:00.000Z'),
        retryAfterSeconds: 1,
      });
    }
  });

  it('reports the daily limit before the 15-minute one', () => {
    const decision = decide(
      stateAt('2025-06-01T08:00:00.000Z', { fifteenMinRequests: 90, dailyRequests: 1000 }),
      limits,
      at('2025-06-01T08:01:00.000Z'),
    );
    expect(decision).toMatchObject({ allowed: false, reason: 'daily', retryAfterSeconds: 57_540 });
  });

  it('honours per-config limits', () => {
    const custom = { fifteenMinLimit: 2, dailyLimit: 3 };
    let state: RateLimitState | null = null;
    const outcomes: string[] = [];
    for (const now of [
      '2025-06-01T10:00:00Z',
      '2025-06-01T10:01:00Z',
      '2025-06-01T10:02:00Z',
      '2025-06-01T10:15:00Z',
      '2025-06-01T10:16:00Z',
    ]) {
      const decision = decide(state, custom, at(now));
      state = decision.next;
      outcomes.push(decision.allowed ? 'ok' : decision.reason);
    }
    expect(outcomes).toEqual(['ok', 'ok', 'fifteen_min', 'ok', 'daily']);
  });
});

describe('Strava rate-limit headers', () => {
  it.each([
    ['200,2000', { fifteenMin: 200, daily: 2000 }],
    [' 12 , 345 ', { fifteenMin: 12, daily: 345 }],
    ['0,0', { fifteenMin: 0, daily: 0 }],
    ['200', null],
    ['200,2000,3', null],
    ['-1,5', null],
    ['a,b', null],
    ['', null],
    [null, null],
  ])('parseCountPair(%j)', (value, expected) => {
    expect(parseCountPair(value)).toEqual(expected);
  });

  it('reads a fetch Headers object', () => {
    const headers = new Headers({
      'X-RateLimit-Limit': '200,2000',
      'X-RateLimit-Usage': '31,412',
      'X-ReadRateLimit-Limit': '100,1000',
      'X-ReadRateLimit-Usage': '30,400',
    });
    expect(parseRateLimitHeaders(headers)).toEqual({
      limit: { fifteenMin: 200, daily: 2000 },
      usage: { fifteenMin: 31, daily: 412 },
      readLimit: { fifteenMin: 100, daily: 1000 },
      readUsage: { fifteenMin: 30, daily: 400 },
    });
  });

  it('reads a plain header record in any case (Node and API Gateway style)', () => {
    const parsed = parseRateLimitHeaders({ 'x-ratelimit-limit': '600,30000', 'x-ratelimit-usage': ['314,27536'] });
    expect(parsed).toEqual({
      limit: { fifteenMin: 600, daily: 30000 },
      usage: { fifteenMin: 314, daily: 27536 },
      readLimit: null,
      readUsage: null,
    });
  });

  it('is null when the overall pair is missing or malformed', () => {
    expect(parseRateLimitHeaders({})).toBeNull();
    expect(parseRateLimitHeaders({ 'X-RateLimit-Limit': '200,2000' })).toBeNull();
    expect(parseRateLimitHeaders({ 'X-RateLimit-Limit': '200,2000', 'X-RateLimit-Usage': 'lots' })).toBeNull();
  });

  it('takes the busier of overall and read usage', () => {
    const parsed = parseRateLimitHeaders({
      'X-RateLimit-Limit': '200,2000',
      'X-RateLimit-Usage': '40,300',
      'X-ReadRateLimit-Limit': '100,1000',
      'X-ReadRateLimit-Usage': '41,299',
    });
    expect(providerUsage(parsed!)).toEqual({ fifteenMin: 41, daily: 300 });
  });
});

describe('applyProviderUsage', () => {
  const now = at('2025-06-01T10:20:00.000Z');

  it('raises our counters to what Strava reports', () => {
    const corrected = applyProviderUsage(
      stateAt('2025-06-01T10:16:00Z', { fifteenMinRequests: 5, dailyRequests: 50 }),
      { fifteenMin: 88, daily: 700 },
      now,
    );
    expect(corrected).toMatchObject({ fifteenMinRequests: 88, dailyRequests: 700 });
  });

  it('never lowers them (our in-flight requests may not have reached Strava yet)', () => {
    const corrected = applyProviderUsage(
      stateAt('2025-06-01T10:16:00Z', { fifteenMinRequests: 20, dailyRequests: 500 }),
      { fifteenMin: 18, daily: 499 },
      now,
    );
    expect(corrected).toMatchObject({ fifteenMinRequests: 20, dailyRequests: 500 });
  });

  it('applies the report to the current window, not a stale one', () => {
    const stale = stateAt('2025-06-01T09:50:00Z', { fifteenMinRequests: 90, dailyRequests: 500 });
    const corrected = applyProviderUsage(stale, { fifteenMin: 3, daily: 510 }, now);
    expect(corrected).toMatchObject({
      fifteenMinRequests: 3,
      dailyRequests: 510,
      fifteenMinWindowStart: at('2025-06-01T10:15:00.000Z'),
    });
  });

  it('lets the corrected count refuse the next request', () => {
    const corrected = applyProviderUsage(null, { fifteenMin: 90, daily: 90 }, now);
    expect(decide(corrected, DEFAULT_RATE_LIMITS, now)).toMatchObject({ allowed: false, reason: 'fifteen_min' });
  });
});

describe('summarizeUsage (API-usage indicator)', () => {
  it('reports what is left and the minutes left in the window', () => {
    const summary = summarizeUsage(
      stateAt('2025-06-01T10:00:00Z', { fifteenMinRequests: 30, dailyRequests: 200 }),
      DEFAULT_RATE_LIMITS,
      at('2025-06-01T10:03:10.000Z'),
    );
    expect(summary).toEqual({
      fifteenMinRemaining: 60,
      dailyRemaining: 800,
      minutesLeftInWindow: 12,
      isRateLimited: false,
      retryAfterSeconds: null,
      message: null,
    });
  });

  it("says 'Rate limited - try again in N minutes' while limited", () => {
    const state = stateAt('2025-06-01T10:00:00Z', {
      fifteenMinRequests: 90,
      isRateLimited: true,
      retryAfter: at('2025-06-01T10:15:00Z'),
    });
    const summary = summarizeUsage(state, DEFAULT_RATE_LIMITS, at('2025-06-01T10:08:30.000Z'));
    expect(summary).toMatchObject({
      fifteenMinRemaining: 0,
      isRateLimited: true,
      retryAfterSeconds: 390,
      message: 'Rate limited - try again in 7 minutes',
    });
  });

  it('counts a spent day until midnight UTC', () => {
    const summary = summarizeUsage(
      stateAt('2025-06-01T22:00:00Z', { dailyRequests: 1000 }),
      DEFAULT_RATE_LIMITS,
      at('2025-06-01T23:00:00.000Z'),
    );
    expect(summary).toMatchObject({
      dailyRemaining: 0,
      isRateLimited: true,
      retryAfterSeconds: 3600,
      message: 'Rate limited - try again in 60 minutes',
    });
  });

  it('a new window starts fresh', () => {
    const summary = summarizeUsage(
      stateAt('2025-06-01T10:00:00Z', { fifteenMinRequests: 90 }),
      DEFAULT_RATE_LIMITS,
      at('2025-06-01T10:15:00.000Z'),
    );
    expect(summary).toMatchObject({ fifteenMinRemaining: 90, isRateLimited: false, minutesLeftInWindow: 15 });
  });
});

describe('retryOn429 (spec §8)', () => {
  const now = at('2025-06-01T10:00:00.000Z');

  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
  ])('without Retry-After, retry %i waits %i ms', (retriesSoFar, delayMs) => {
    expect(retryOn429({ retriesSoFar, now })).toEqual({ action: 'retry', delayMs });
  });

  it('gives up after 3 retries', () => {
    expect(retryOn429({ retriesSoFar: 3, now })).toEqual({
      action: 'give_up',
      reason: 'retries_exhausted',
      delayMs: null,
    });
    expect(retryOn429({ retriesSoFar: 3, retryAfterHeader: '1', now }).action).toBe('give_up');
  });

  it.each([
    ['7', 7000],
    ['0', 0],
    ['Sun, 01 Jun 2025 10:00:30 GMT', 30_000],
    ['Sun, 01 Jun 2025 09:59:00 GMT', 0],
  ])('honours Retry-After %j', (header, delayMs) => {
    expect(retryOn429({ retriesSoFar: 1, retryAfterHeader: header, now })).toEqual({ action: 'retry', delayMs });
  });

  it.each(['soon', '-5', '1.5', '', '12:00'])('falls back to back-off for an unreadable Retry-After %j', (header) => {
    expect(parseRetryAfter(header, now)).toBeNull();
    expect(retryOn429({ retriesSoFar: 2, retryAfterHeader: header, now })).toEqual({ action: 'retry', delayMs: 4000 });
  });

  it('gives up rather than wait longer than the caller can', () => {
    expect(retryOn429({ retriesSoFar: 0, retryAfterHeader: '900', now, maxDelayMs: 8000 })).toEqual({
      action: 'give_up',
      reason: 'retry_after_too_long',
      delayMs: 900_000,
    });
    expect(retryOn429({ retriesSoFar: 0, retryAfterHeader: '8', now, maxDelayMs: 8000 })).toEqual({
      action: 'retry',
      delayMs: 8000,
    });
  });
});
