import type { ZodType } from 'zod';
import { FitAggregateResponse, FitSessionsResponse, type FitBucket } from '../../domain/google-fit';
import { TooManyRequestsError } from '../../lib/errors';
import { PROVIDER_TIMEOUT_MS, ProviderHttpClient, type ProviderHttpOptions } from '../provider-http';
import {
  GoogleApiError,
  GoogleAuthError,
  GoogleInvalidCodeError,
  GoogleNetworkError,
  GoogleRateLimitedError,
  GoogleRefreshError,
  GoogleUnauthorizedError,
} from './errors';
import { GoogleApiErrorBody, GoogleOAuthErrorBody, GoogleTokenInfo, GoogleTokenResponse } from './schemas';

/** Spec §9: every provider call gives up after 10 s. */
export const GOOGLE_TIMEOUT_MS = PROVIDER_TIMEOUT_MS;

export interface GoogleClientOptions extends ProviderHttpOptions {
  clientId: string;
  clientSecret: () => Promise<string>;
  redirectUri: string;
  oauthBaseUrl: string;
  apiBaseUrl: string;
}

export interface GoogleTokens {
  accessToken: string;
  /** Absent on a refresh: Google keeps the refresh token it issued. */
  refreshToken: string | undefined;
  /** Epoch seconds. */
  expiresAt: number;
  scope: string | undefined;
  idToken: string | undefined;
}

/** Google's per-minute quota: the wait to suggest when its 429 says nothing usable. */
const RATE_WINDOW_MS = 60_000;

/**
 * Talks to Google's OAuth endpoints and the Fitness REST API v1 on the shared client base (timeout, JSON, 401/429
 * loop). Error messages never include tokens or secrets.
 */
export class GoogleClient extends ProviderHttpClient {
  constructor(private readonly options: GoogleClientOptions) {
    super(
      options,
      {
        network: (message) => new GoogleNetworkError(message),
        api: (message, status) => new GoogleApiError(message, status),
        rateLimited: (retryAfterSeconds) => new GoogleRateLimitedError(retryAfterSeconds),
        unauthorized: () => new GoogleUnauthorizedError(),
      },
      RATE_WINDOW_MS,
    );
  }

  // ---- OAuth -----------------------------------------------------------------------------------

  async exchangeCode(code: string): Promise<GoogleTokens> {
    const context = 'Failed to connect to Google Fit';
    const response = await this.postOAuth(context, '/token', {
      code,
      client_id: this.options.clientId,
      client_secret: await this.options.clientSecret(),
      redirect_uri: this.options.redirectUri,
      grant_type: 'authorization_code',
    });
    if (!response.ok) {
      const error = await oauthError(response);
      if (response.status === 400 && (error === 'invalid_grant' || error === 'redirect_uri_mismatch'))
        throw new GoogleInvalidCodeError(`${context}: ${error}`);
      throw new GoogleApiError(`${context}: ${response.status} ${error}`, response.status);
    }
    return this.tokensFrom(await this.parseBody(response, GoogleTokenResponse, context));
  }

  async refresh(refreshToken: string): Promise<GoogleTokens> {
    const context = 'Failed to refresh token';
    let response: Response;
    try {
      response = await this.postOAuth(context, '/token', {
        refresh_token: refreshToken,
        client_id: this.options.clientId,
        client_secret: await this.options.clientSecret(),
        grant_type: 'refresh_token',
      });
    } catch (error) {
      throw new GoogleRefreshError(error instanceof Error ? error.message : context);
    }
    if (!response.ok) {
      const error = await oauthError(response);
      // A refused refresh token (revoked, expired, the account's password changed) means the user must reconnect.
      if (response.status === 400 && error === 'invalid_grant') throw new GoogleAuthError(`${context}: ${error}`);
      throw new GoogleRefreshError(`${context}: ${response.status} ${error}`);
    }
    try {
      return this.tokensFrom(await this.parseBody(response, GoogleTokenResponse, context));
    } catch (error) {
      throw new GoogleRefreshError(error instanceof Error ? error.message : context);
    }
  }

  /** What the access token is for (audience, account, granted scopes). */
  async tokenInfo(accessToken: string): Promise<GoogleTokenInfo> {
    const context = 'Failed to connect to Google Fit';
    const response = await this.postOAuth(context, '/tokeninfo', { access_token: accessToken });
    if (response.status === 400) {
      await response.body?.cancel();
      throw new GoogleAuthError(`${context}: Google did not recognise the access token`);
    }
    if (!response.ok) throw new GoogleApiError(`${context}: tokeninfo ${response.status}`, response.status);
    return this.parseBody(response, GoogleTokenInfo, context);
  }

  /** Revokes the grant behind an access or refresh token; a token Google no longer knows counts as revoked. */
  async revoke(token: string): Promise<void> {
    const response = await this.postOAuth('Failed to revoke Google access', '/revoke', { token });
    await response.body?.cancel();
    if (response.ok || response.status === 400) return;
    throw new GoogleApiError(`Failed to revoke Google access: ${response.status}`, response.status);
  }

  private tokensFrom(body: GoogleTokenResponse): GoogleTokens {
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresAt: Math.floor(this.clock().getTime() / 1000) + body.expires_in,
      scope: body.scope,
      idToken: body.id_token,
    };
  }

  private postOAuth(context: string, path: string, params: Record<string, string>): Promise<Response> {
    return this.postForm(context, `${this.options.oauthBaseUrl}${path}`, params);
  }

  // ---- Fitness REST API v1 ---------------------------------------------------------------------

  /**
   * Totals of the given data types per calendar day in `timeZone` (POST dataset:aggregate, bucketByTime.period),
   * so a day stays a local day across DST switches, where fixed 24-hour buckets would drift by an hour.
   */
  async aggregateByDay(
    accessToken: string,
    query: { dataTypeNames: readonly string[]; startTimeMillis: number; endTimeMillis: number; timeZone: string },
  ): Promise<FitBucket[]> {
    const body = {
      aggregateBy: query.dataTypeNames.map((dataTypeName) => ({ dataTypeName })),
      bucketByTime: { period: { type: 'day', value: 1, timeZoneId: query.timeZone } },
      startTimeMillis: query.startTimeMillis,
      endTimeMillis: query.endTimeMillis,
    };
    const response = await this.api(
      accessToken,
      '/fitness/v1/users/me/dataset:aggregate',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      FitAggregateResponse,
    );
    return response.bucket;
  }

  /** Sessions ending between two instants (GET sessions); each item is parsed by the domain mapping. */
  async listSessions(accessToken: string, query: { startTime: Date; endTime: Date }): Promise<unknown[]> {
    const params = new URLSearchParams({
      startTime: query.startTime.toISOString(),
      endTime: query.endTime.toISOString(),
    });
    const response = await this.api(
      accessToken,
      `/fitness/v1/users/me/sessions?${params.toString()}`,
      {},
      FitSessionsResponse,
    );
    return response.session;
  }

  /** Every Fitness call: a timeout, 401 typed for the refresh-and-retry, 429 retried (spec §8) honouring Retry-After (the base loop). */
  private async api<T>(accessToken: string, pathAndQuery: string, init: RequestInit, schema: ZodType<T>): Promise<T> {
    const context = 'Google Fit API error';
    const headers = { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${accessToken}` };
    return this.callApi(
      context,
      () => this.send(context, `${this.options.apiBaseUrl}${pathAndQuery}`, { ...init, headers }),
      schema,
      async (response) => {
        const { message, reason } = await apiError(response);
        return new GoogleApiError(`${context}: ${message}`, response.status, reason);
      },
    );
  }
}

/** The `error` code of an OAuth error body (never the whole body: it could echo what we sent). */
async function oauthError(response: Response): Promise<string> {
  try {
    const parsed = GoogleOAuthErrorBody.safeParse(await response.json());
    return parsed.success ? parsed.data.error : 'unreadable error';
  } catch {
    return 'unreadable error';
  }
}

const MAX_MESSAGE = 300;

async function apiError(response: Response): Promise<{ message: string; reason?: string }> {
  try {
    const parsed = GoogleApiErrorBody.safeParse(await response.json());
    if (parsed.success) {
      const text = parsed.data.error.message ?? parsed.data.error.status ?? String(response.status);
      return {
        message: `${response.status} ${text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text}`,
        reason: parsed.data.error.errors?.[0]?.reason,
      };
    }
  } catch {
    // fall through: no readable body
  }
  return { message: String(response.status) };
}

/** Maps Google's persistent 429 to the one typed error the HTTP layer knows. */
export function googleTooManyRequests(error: unknown): TooManyRequestsError | null {
  if (error instanceof TooManyRequestsError) return error;
  if (error instanceof GoogleRateLimitedError) return new TooManyRequestsError(error.message, error.retryAfterSeconds);
  return null;
}
