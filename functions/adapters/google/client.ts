import type { ZodType } from 'zod';
import { FitAggregateResponse, FitSessionsResponse, type FitBucket } from '../../domain/google-fit';
import { TooManyRequestsError } from '../../lib/errors';
import { PROVIDER_TIMEOUT_MS } from '../provider-http';
import { GoogleApiError, GoogleRateLimitedError } from './errors';
import { GoogleOAuthClient, type GoogleOAuthClientOptions } from './oauth-client';
import { GoogleApiErrorBody } from './schemas';

export type { GoogleTokens } from './oauth-client';

/** Spec §9: every provider call gives up after 10 s. */
export const GOOGLE_TIMEOUT_MS = PROVIDER_TIMEOUT_MS;

export interface GoogleClientOptions extends GoogleOAuthClientOptions {
  apiBaseUrl: string;
}

/**
 * Talks to Google's OAuth endpoints (GoogleOAuthClient) and the Fitness REST API v1 on the shared client base
 * (timeout, JSON, 401/429 loop). Error messages never include tokens or secrets.
 */
export class GoogleClient extends GoogleOAuthClient<GoogleClientOptions> {
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
