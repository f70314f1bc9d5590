import type { RateLimitUsageSummary } from '../../domain/rate-limit';
import { httpRoute } from '../http-route';
import { stravaConfigForUser, stravaUsageSummary } from '../../repositories/strava-rate-limiter';
import type { StravaUsageResponse } from '../../shared/schemas/connections';

/** The indicator's text while not limited: the spec asks for remaining requests and minutes left. */
function availableMessage(remaining: number, minutesLeft: number): string {
  return `${remaining} ${remaining === 1 ? 'request' : 'requests'} left · ${minutesLeft} ${minutesLeft === 1 ? 'minute' : 'minutes'} left in this window`;
}

export function toUsageResponse(summary: RateLimitUsageSummary): StravaUsageResponse {
  return {
    rateLimited: summary.isRateLimited,
    remainingFifteenMin: summary.fifteenMinRemaining,
    remainingDaily: summary.dailyRemaining,
    minutesLeft: summary.minutesLeftInWindow,
    message:
      summary.message ??
      availableMessage(Math.min(summary.fifteenMinRemaining, summary.dailyRemaining), summary.minutesLeftInWindow),
  };
}

/** GET /api/strava/usage — the API-request indicator for the caller's Strava API config (spec §2). Never exposes the config itself. */
export const handler = httpRoute({}, async ({ caller, now }): Promise<StravaUsageResponse> => {
  const config = await stravaConfigForUser(caller.userId);
  return toUsageResponse(await stravaUsageSummary(config, now));
});
