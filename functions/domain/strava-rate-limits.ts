/**
 * Strava's two rate-limit pairs, as its responses state them. Pure: time comes in as an argument.
 *
 * What this relies on (developers.strava.com/docs/rate-limits, read 2026-11-28): limits are per application, each a
 * 15-minute and a daily limit. There is an overall pair (default 200 per 15 minutes, 2,000 per day) and a "non-upload"
 * (read) pair (default 100 / 1,000) covering every endpoint except creating activities, uploads and upload_media.
 * Every response carries `X-RateLimit-Limit` / `X-RateLimit-Usage` (overall) and `X-ReadRateLimit-Limit` /
 * `X-ReadRateLimit-Usage` (read), each "15-minute,daily" (e.g. "200,2000"). Quarters reset at :00, :15, :30 and :45
 * UTC, the day at midnight UTC; a request over a limit gets 429 and still counts toward the daily limit.
 *
 * Every call TrailBuddy makes is a read, so each counts in both pairs; each pair is held to its own limit (an overall
 * usage above the read limit, from uploads by another app of the same account, holds nothing while both have room).
 */
import {
  nextDailyWindowStart,
  nextFifteenMinuteWindowStart,
  RATE_LIMIT_MESSAGES,
  type ProviderRateLimitHeaders,
  type WindowCounts,
} from './rate-limit';

export interface StravaPair {
  limit: WindowCounts;
  usage: WindowCounts;
}

/** One response's figures: the overall pair always, the read pair when Strava sent it. */
export interface StravaRateReport {
  overall: StravaPair;
  read: StravaPair | null;
}

export function stravaRateReport(headers: ProviderRateLimitHeaders): StravaRateReport {
  return {
    overall: { limit: headers.limit, usage: headers.usage },
    read: headers.readLimit && headers.readUsage ? { limit: headers.readLimit, usage: headers.readUsage } : null,
  };
}

function pairs(report: StravaRateReport): StravaPair[] {
  return report.read ? [report.overall, report.read] : [report.overall];
}

/** What Strava counts in its read pair (the overall pair on a response without read headers: it counts reads too). */
export function readUsage(report: StravaRateReport): WindowCounts {
  return (report.read ?? report.overall).usage;
}

/**
 * How many more reads Strava accepts in each window after this response: the smaller room of the two pairs.
 * A limit of 0 or less is unreadable and ignored.
 */
export function callsLeft(report: StravaRateReport): WindowCounts {
  const left = (window: keyof WindowCounts) =>
    Math.max(
      0,
      Math.min(
        ...pairs(report)
          .filter((pair) => pair.limit[window] > 0)
          .map((pair) => pair.limit[window] - pair.usage[window]),
        Number.MAX_SAFE_INTEGER,
      ),
    );
  return { fifteenMin: left('fifteenMin'), daily: left('daily') };
}

export type StravaWindow = 'fifteen_min' | 'daily';

/**
 * The window a caller must wait for when this response shows one used up in either pair (null when none is).
 * A used-up day outlasts any quarter, so it is the tighter one and decides.
 */
export function usedUpWindow(report: StravaRateReport, now: Date): { window: StravaWindow; until: Date } | null {
  const left = callsLeft(report);
  if (left.daily === 0) return { window: 'daily', until: nextDailyWindowStart(now) };
  if (left.fifteenMin === 0) return { window: 'fifteen_min', until: nextFifteenMinuteWindowStart(now) };
  return null;
}

/**
 * How many of our own sends fit each window, counted from the response to one send. Strava's usage in that response
 * surely includes that send and every send of ours answered before it went out (`answeredBefore`); any other send of
 * ours may still be on its way and not counted yet, so it has to fit the room Strava states. Each cap is safe on its
 * own (traffic we never made after the response aside), so the latest response's cap simply replaces the one before.
 */
export function sendCaps(report: StravaRateReport, answeredBefore: WindowCounts): WindowCounts {
  const left = callsLeft(report);
  return { fifteenMin: answeredBefore.fifteenMin + 1 + left.fifteenMin, daily: answeredBefore.daily + 1 + left.daily };
}

export interface CapRefusal {
  window: StravaWindow;
  message: string;
  retryAt: Date;
  retryAfterSeconds: number;
}

/** The refusal when a window's sends have reached Strava's cap (null when both have room). */
export function capRefusal(
  sends: WindowCounts,
  caps: { fifteenMin: number | null; daily: number | null },
  now: Date,
): CapRefusal | null {
  const refuse = (window: StravaWindow, retryAt: Date, message: string): CapRefusal => ({
    window,
    message,
    retryAt,
    retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)),
  });
  if (caps.daily !== null && sends.daily >= caps.daily)
    return refuse('daily', nextDailyWindowStart(now), RATE_LIMIT_MESSAGES.daily);
  if (caps.fifteenMin !== null && sends.fifteenMin >= caps.fifteenMin)
    return refuse('fifteen_min', nextFifteenMinuteWindowStart(now), RATE_LIMIT_MESSAGES.fifteenMin);
  return null;
}
