import type { ZodType } from 'zod';
import { TooManyRequestsError } from '../../lib/errors';
import { PROVIDER_TIMEOUT_MS, ProviderHttpClient, type ProviderHttpOptions } from '../provider-http';
import type { StravaAppConfig } from '../../repositories/strava-rate-limiter';
import {
  StravaApiError,
  StravaAuthError,
  StravaInvalidCodeError,
  StravaNetworkError,
  StravaRateLimitedError,
  StravaUnauthorizedError,
} from './errors';
import { StravaActivityPage, StravaAthleteSummary, StravaErrorBody, StravaTokenResponse } from './schemas';

/** Spec §9: every provider call gives up after 10 s. */
export const STRAVA_TIMEOUT_MS = PROVIDER_TIMEOUT_MS;

/** The per-config limiter (functions/repositories/strava-rate-limiter.ts), injected so tests can count calls. */
export interface StravaLimiter {
  configForUser(userId: string): Promise<StravaAppConfig>;
  acquire(config: StravaAppConfig, now: Date): Promise<void>;
  record(config: StravaAppConfig, response: { status: number; headers: Headers }, now: Date): Promise<void>;
}

export interface StravaClientOptions extends ProviderHttpOptions {
  clientId: string;
  clientSecret: () => Promise<string>;
  redirectUri: string;
  oauthBaseUrl: string;
  apiBaseUrl: string;
  limiter: StravaLimiter;
  /** Longest 429 back-off worth waiting for (a webhook must answer within 2 s, so it waits for none). */
  maxRetryDelayMs?: number;
}

export interface StravaTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface ExchangedCode extends StravaTokens {
  athlete: { id: number; firstname: string | null; lastname: string | null };
}

/** Strava's usage windows are 15 minutes: the wait to suggest when its 429 says nothing usable. */
const RATE_WINDOW_MS = 15 * 60_000;

/**
 * Talks to Strava's OAuth endpoints and API v3 on the shared client base (timeout, JSON, 401/429 loop). Error messages
 * follow spec §8 and never include tokens or secrets.
 */
export class StravaClient extends ProviderHttpClient {
  constructor(private readonly options: StravaClientOptions) {
    super(
      options,
      {
        network: (message) => new StravaNetworkError(message),
        api: (message, status) => new StravaApiError(message, status),
        rateLimited: (retryAfterSeconds) => new StravaRateLimitedError(retryAfterSeconds),
        unauthorized: () => new StravaUnauthorizedError(),
      },
      RATE_WINDOW_MS,
    );
  }

  // ---- OAuth ---------------------------------------------------------------------------------

  async exchangeCode(code: string): Promise<ExchangedCode> {
    const response = await this.postToken('Failed to exchange code for tokens', {
      code,
      grant_type: 'authorization_code',
      redirect_uri: this.options.redirectUri,
    });
    if (!response.ok) {
      const text = await response.text();
      if (response.status === 400 && mentionsInvalidField(text, 'code'))
        throw new StravaInvalidCodeError(`Failed to exchange code for tokens: ${response.status} ${text}`);
      throw new StravaApiError(`Failed to exchange code for tokens: ${response.status} ${text}`, response.status);
    }
    const tokens = await this.parseBody(response, StravaTokenResponse, 'Failed to exchange code for tokens');
    if (!tokens.athlete)
      throw new StravaApiError('Failed to exchange code for tokens: the response had no athlete', response.status);
    return {
      ...toTokens(tokens),
      athlete: {
        id: tokens.athlete.id,
        firstname: tokens.athlete.firstname ?? null,
        lastname: tokens.athlete.lastname ?? null,
      },
    };
  }

  async refresh(refreshToken: string): Promise<StravaTokens> {
    const response = await this.postToken('Failed to refresh token', {
      refresh_token: refreshToken,
      grant_type: 'refresh_token',
    });
    if (!response.ok) {
      const text = await response.text();
      // A refused refresh token means the athlete must reconnect.
      if (response.status === 400 || response.status === 401)
        throw new StravaAuthError(`Failed to refresh token: ${response.status} ${text}`);
      throw new StravaApiError(`Failed to refresh token: ${response.status} ${text}`, response.status);
    }
    return toTokens(await this.parseBody(response, StravaTokenResponse, 'Failed to refresh token'));
  }

  /** Revokes the app's access for the athlete behind `accessToken`. */
  async deauthorize(accessToken: string): Promise<void> {
    const response = await this.postForm('Failed to deauthorize', `${this.options.oauthBaseUrl}/deauthorize`, {
      access_token: accessToken,
    });
    if (response.status === 401) throw new StravaUnauthorizedError();
    if (!response.ok) throw new StravaApiError(`Failed to deauthorize: ${response.status}`, response.status);
    await response.body?.cancel();
  }

  private async postToken(context: string, params: Record<string, string>): Promise<Response> {
    return this.postForm(context, `${this.options.oauthBaseUrl}/token`, {
      client_id: this.options.clientId,
      client_secret: await this.options.clientSecret(),
      ...params,
    });
  }

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
   * Every API call: counted by the limiter first (each retry too), then sent with a timeout; usage headers are fed
   * back to the limiter; 401 and 429 handled by the base loop (spec §8).
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
      await this.options.limiter.acquire(config, this.clock());
      const response = await this.send(context, `${this.options.apiBaseUrl}${pathAndQuery}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      await this.options.limiter.record(config, { status: response.status, headers: response.headers }, this.clock());
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

function toTokens(response: StravaTokenResponse): StravaTokens {
  return { accessToken: response.access_token, refreshToken: response.refresh_token, expiresAt: response.expires_at };
}

function mentionsInvalidField(text: string, field: string): boolean {
  try {
    const body = StravaErrorBody.safeParse(JSON.parse(text));
    return body.success && (body.data.errors ?? []).some((e) => e.field === field && e.code === 'invalid');
  } catch {
    return false;
  }
}

/** Maps the limiter's refusal and Strava's own 429 to the one typed error the HTTP layer knows. */
export function asTooManyRequests(error: unknown): TooManyRequestsError | null {
  if (error instanceof TooManyRequestsError) return error;
  if (error instanceof StravaRateLimitedError) return new TooManyRequestsError(error.message, error.retryAfterSeconds);
  return null;
}
