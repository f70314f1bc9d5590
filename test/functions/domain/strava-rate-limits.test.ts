import { describe, expect, it } from 'vitest';
import { parseRateLimitHeaders } from '../../../functions/domain/rate-limit';
import {
  callsLeft,
  capRefusal,
  readUsage,
  sendCaps,
  stravaRateReport,
  usedUpWindow,
} from '../../../functions/domain/strava-rate-limits';

const report = (headers: Record<string, string>) => stravaRateReport(parseRateLimitHeaders(headers)!);
const both = (overallUsage: string, readUsageValue: string) =>
  report({
    'X-RateLimit-Limit': '200,2000',
    'X-RateLimit-Usage': overallUsage,
    'X-ReadRateLimit-Limit': '100,1000',
    'X-ReadRateLimit-Usage': readUsageValue,
  });
const now = new Date('2026-11-28T10:07:30.000Z');

describe("Strava's two limit pairs", () => {
  it('holds each pair to its own limit and leaves the smaller room', () => {
    expect(callsLeft(both('10,100', '10,100'))).toEqual({ fifteenMin: 90, daily: 900 });
    // Uploads elsewhere: overall usage above the read limit, and still room in both pairs.
    expect(callsLeft(both('150,150', '0,0'))).toEqual({ fifteenMin: 50, daily: 1000 });
    expect(callsLeft(both('199,1999', '0,0'))).toEqual({ fifteenMin: 1, daily: 1 });
  });

  it('reads the overall pair alone when a response has no read pair', () => {
    const overallOnly = report({ 'X-RateLimit-Limit': '600,30000', 'X-RateLimit-Usage': '314,27536' });
    expect(callsLeft(overallOnly)).toEqual({ fifteenMin: 286, daily: 2464 });
    expect(readUsage(overallOnly)).toEqual({ fifteenMin: 314, daily: 27536 });
    expect(readUsage(both('150,150', '3,4'))).toEqual({ fifteenMin: 3, daily: 4 });
  });

  it('waits for the day (midnight UTC) when a daily window is used up, else for the next quarter hour', () => {
    expect(usedUpWindow(both('10,10', '10,10'), now)).toBeNull();
    expect(usedUpWindow(both('10,10', '100,110'), now)).toEqual({
      window: 'fifteen_min',
      until: new Date('2026-11-28T10:15:00.000Z'),
    });
    expect(usedUpWindow(both('200,2000', '100,1000'), now)).toEqual({
      window: 'daily',
      until: new Date('2026-11-29T00:00:00.000Z'),
    });
    expect(usedUpWindow(both('20,2000', '20,900'), now)?.window).toBe('daily');
  });

  it('caps our sends at those surely counted (answered before, and this one) plus the room Strava states', () => {
    expect(sendCaps(both('40,400', '97,500'), { fifteenMin: 11, daily: 29 })).toEqual({ fifteenMin: 15, daily: 530 });
  });

  it('refuses at a cap with the spec message and the wait until that window reopens', () => {
    expect(capRefusal({ fifteenMin: 4, daily: 4 }, { fifteenMin: 5, daily: 50 }, now)).toBeNull();
    expect(capRefusal({ fifteenMin: 4, daily: 4 }, { fifteenMin: null, daily: null }, now)).toBeNull();
    expect(capRefusal({ fifteenMin: 5, daily: 5 }, { fifteenMin: 5, daily: 50 }, now)).toEqual({
      window: 'fifteen_min',
      message: '15-minute rate limit exceeded. Try again in 15 minutes',
      retryAt: new Date('2026-11-28T10:15:00.000Z'),
      retryAfterSeconds: 450,
    });
    expect(capRefusal({ fifteenMin: 5, daily: 50 }, { fifteenMin: 5, daily: 50 }, now)?.window).toBe('daily');
  });
});
