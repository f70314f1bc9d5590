import type { ZodType } from 'zod';
import { TooManyRequestsError } from '../../lib/errors';
import { PROVIDER_TIMEOUT_MS } from '../provider-http';
import type { StravaAppConfig, StravaCallTicket } from '../../repositories/strava-rate-limiter';
import { StravaApiError, StravaRateLimitedError } from './errors';
import { StravaOAuthClient, type StravaOAuthClientOptions } from './oauth-client';
import { StravaActivityPage, StravaAthleteSummary } from './schemas';

export type { ExchangedCode, StravaTokens } from './oauth-client';

/** Spec §9: every provider call gives up after 10 s. */
export const STRAVA_TIMEOUT_MS = PROVIDER_TIMEOUT_MS;

/**
 * The per-config limiter (functions/repositories/strava-rate-limiter.ts), injected so tests can count calls. `acquire`
 * refuses (TooManyRequestsError) before a call that would pass any window of Strava's two pairs; the ticket it gives
 * goes back to `record` with the response, whose headers of both pairs set how much room is left.
 */
export interface StravaLimiter {
  configForUser(userId: string): Promise<StravaAppConfig>;
  acquire(config: StravaAppConfig, now: Date): Promise<StravaCallTicket | void>;
  record(
    config: StravaAppConfig,
    response: { status: number; headers: Headers },
    now: Date,
    ticket?: StravaCallTicket | void,
  ): Promise<void>;
}

export interface StravaClientOptions extends StravaOAuthClientOptions {
  apiBaseUrl: string;
  limiter: StravaLimiter;
  /** Longest 429 back-off worth waiting for (a webhook must answer within 2 s, so it waits for none). */
  maxRetryDelayMs?: number;
}

/**
 * Talks to Strava's OAuth endpoints (StravaOAuthClient) and API v3, each API call counted by the limiter. Error
 * messages follow spec §8 and never include tokens or secrets.
 */
export class StravaClient extends StravaOAuthClient<StravaClientOptions> {
  // ---- API v3 --------------------------------------------------------------------------------

  /** One page of the athlete's activities, newest first (raw; each item is parsed by mapStravaActivity). */
  async listActivities(
    userId: string,
    accessToken: string,
    query: { after?: number; before?: number; page: number; perPage: number },
  ): Promise<unknown[]> {
    const params = new URLSearchParams({ page: String(query.page), per_page: String(query.perPage) });
    if (query.after !== undefined) params.set('after', String(query.after));
    if (query.before !== undefined) params.set('before', String(query.before));
    return this.apiGet(
      userId,
      accessToken,
      `/athlete/activities?${params.toString()}`,
      StravaActivityPage,
      'Failed to fetch activities',
    );
  }

  /** The authenticated athlete (proves the token still works). */
  async getAthlete(userId: string, accessToken: string): Promise<{ id: number }> {
    return this.apiGet(userId, accessToken, '/athlete', StravaAthleteSummary, 'Failed to fetch athlete profile');
  }

  /** DetailedActivity, or null when Strava no longer shows it to us (deleted, made private). */
  async getActivity(userId: string, accessToken: string, activityId: string | number): Promise<unknown | null> {
    try {
      return await this.apiGet(
        userId,
        accessToken,
        `/activities/${encodeURIComponent(String(activityId))}`,
        StravaActivityPage.element,
        'Failed to fetch activity details',
      );
    } catch (error) {
      if (error instanceof StravaApiError && error.status === 404) return null;
      throw error;
    }
  }

  /**
   * Every API call: counted by the limiter first (each retry too), then sent with a timeout; both of Strava's header
   * pairs are fed back to the limiter with the call's ticket; 401 and 429 handled by the base loop (spec §8). A refusal
   * by the limiter is thrown as TooManyRequestsError, which an import job turns into a wait for that window
   * (functions/usecases/import-jobs/run-job.ts), so nothing is sent into a window Strava has said is full.
   */
  private async apiGet<T>(
    userId: string,
    accessToken: string,
    pathAndQuery: string,
    schema: ZodType<T>,
    context: string,
  ): Promise<T> {
    const config = await this.options.limiter.configForUser(userId);
    const attempt = async () => {
      const ticket = await this.options.limiter.acquire(config, this.clock());
      const response = await this.send(context, `${this.options.apiBaseUrl}${pathAndQuery}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      await this.options.limiter.record(
        config,
        { status: response.status, headers: response.headers },
        this.clock(),
        ticket,
      );
      return response;
    };
    return this.callApi(
      context,
      attempt,
      schema,
      async (response) =>
        new StravaApiError(`${context}: ${response.status} ${await response.text()}`, response.status),
    );
  }
}

/** Maps the limiter's refusal and Strava's own 429 to the one typed error the HTTP layer knows. */
export function asTooManyRequests(error: unknown): TooManyRequestsError | null {
  if (error instanceof TooManyRequestsError) return error;
  if (error instanceof StravaRateLimitedError) return new TooManyRequestsError(error.message, error.retryAfterSeconds);
  return null;
}
