import type { ZodType } from 'zod';
import {
  DailyRollUpResponse,
  HealthIdentity,
  ListDataPointsResponse,
  civilDate,
  exerciseFilter,
  type StepsRollup,
} from '../../domain/google-health';
import { TooManyRequestsError } from '../../lib/errors';
import { PROVIDER_TIMEOUT_MS } from '../provider-http';
import { GoogleApiError, GoogleRateLimitedError } from './errors';
import { GoogleOAuthClient, type GoogleOAuthClientOptions } from './oauth-client';
import { GoogleApiErrorBody } from './schemas';

export type { GoogleTokens } from './oauth-client';

/** Spec §9: every provider call gives up after 10 s. */
export const GOOGLE_TIMEOUT_MS = PROVIDER_TIMEOUT_MS;

/** The reference caps a page of `exercise` data points at 25 (ListDataPoints pageSize). */
export const EXERCISE_PAGE_SIZE = 25;

export interface GoogleClientOptions extends GoogleOAuthClientOptions {
  /** The service endpoint without a version, e.g. https://health.googleapis.com; calls go to <base>/v4/…. */
  healthApiBaseUrl: string;
}

/**
 * Talks to Google's OAuth endpoints (GoogleOAuthClient) and the Google Health API v4 on the shared client base
 * (timeout, JSON, 401/429 loop). Paths and fields follow the v4 discovery document (see domain/google-health.ts).
 * Error messages never include tokens or secrets.
 */
export class GoogleClient extends GoogleOAuthClient<GoogleClientOptions> {
  /** users.getIdentity: GET v4/users/me/identity, the person's healthUserId. */
  async identity(accessToken: string): Promise<string> {
    const response = await this.api(accessToken, '/v4/users/me/identity', {}, HealthIdentity);
    return response.healthUserId;
  }

  /**
   * One page (newest first, at most 25) of the exercises that started on local dates [startDate, endDate):
   * users.dataTypes.dataPoints.list with the civil start time filter. `pageToken` continues a listing.
   */
  async listExercises(
    accessToken: string,
    query: { startDate: string; endDate: string; pageToken: string | null },
  ): Promise<{ dataPoints: unknown[]; nextPageToken: string | null }> {
    const params = new URLSearchParams({
      pageSize: String(EXERCISE_PAGE_SIZE),
      filter: exerciseFilter(query.startDate, query.endDate),
    });
    if (query.pageToken) params.set('pageToken', query.pageToken);
    const response = await this.api(
      accessToken,
      `/v4/users/me/dataTypes/exercise/dataPoints?${params.toString()}`,
      {},
      ListDataPointsResponse,
    );
    return { dataPoints: response.dataPoints, nextPageToken: response.nextPageToken || null };
  }

  /**
   * Steps per local day over [startDate, endDate) (users.dataTypes.dataPoints.dailyRollUp, one-day windows). The
   * reference allows at most 90 days a call and a start at midnight (a date without a time is midnight).
   */
  async dailySteps(accessToken: string, query: { startDate: string; endDate: string }): Promise<StepsRollup[]> {
    const body = {
      range: { start: { date: civilDate(query.startDate) }, end: { date: civilDate(query.endDate) } },
      windowSizeDays: 1,
    };
    const response = await this.api(
      accessToken,
      '/v4/users/me/dataTypes/steps/dataPoints:dailyRollUp',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      DailyRollUpResponse,
    );
    return response.rollupDataPoints;
  }

  /** Every Health API call: a timeout, 401 typed for the refresh-and-retry, 429 retried (spec §8) honouring Retry-After (the base loop). */
  private async api<T>(accessToken: string, pathAndQuery: string, init: RequestInit, schema: ZodType<T>): Promise<T> {
    const context = 'Google Health API error';
    const headers = { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${accessToken}` };
    return this.callApi(
      context,
      () => this.send(context, `${this.options.healthApiBaseUrl}${pathAndQuery}`, { ...init, headers }),
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
        reason: errorReason(parsed.data.error),
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

/** Google's JSON errors carry the reason in an ErrorInfo detail (AIP-193); older APIs in errors[].reason. */
function errorReason(error: GoogleApiErrorBody['error']): string | undefined {
  const info = error.details?.find((detail) => typeof detail.reason === 'string');
  return info?.reason ?? error.errors?.[0]?.reason;
}
