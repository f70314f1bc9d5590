import type { z } from 'zod';
import { ApiErrorBody } from '@shared/schemas/error';
import { HealthResponse } from '@shared/schemas/health';
import { MeResponse } from '@shared/schemas/me';
import type { ProviderType } from '@shared/schemas/activity';
import {
  ActivitiesResponse,
  AuthorizeUrlResponse,
  ConnectionsResponse,
  StravaConnectResponse,
  StravaUsageResponse,
  SyncResponse,
  type ActivitiesQuery,
  type StravaConnectRequest,
} from '@shared/schemas/connections';

/** What a screen may ask of GET /api/activities; the server fills in the defaults. */
export type ActivitiesParams = Partial<ActivitiesQuery>;

/**
 * Everything the screens ask of the back end. Two implementations: `createHttpApiClient` (the real
 * API, same origin) and the in-browser demo client; the app picks one through `ApiClientProvider`.
 */
export interface ApiClient {
  /** Public: whether each table answers (the login page's connection test). */
  health(): Promise<HealthResponse>;
  /** The signed-in user as the API knows them. */
  me(): Promise<MeResponse>;
  /** The user's health connections (never tokens). */
  connections(): Promise<ConnectionsResponse>;
  /** Where to send the browser to authorize TrailBuddy at Strava (carries a signed, single-use state). */
  stravaAuthorizeUrl(): Promise<AuthorizeUrlResponse>;
  /** Exchanges what Strava sent back to /auth/strava/callback; runs the initial sync. */
  connectStrava(request: StravaConnectRequest): Promise<StravaConnectResponse>;
  disconnect(provider: ProviderType): Promise<void>;
  sync(provider: ProviderType): Promise<SyncResponse>;
  /** The API-request indicator: what is left of the Strava rate limits. */
  stravaUsage(): Promise<StravaUsageResponse>;
  /** One page of the user's activities. */
  activities(params?: ActivitiesParams): Promise<ActivitiesResponse>;
}

/** A failed API call, from the `{ error: { code, message } }` envelope or from the transport. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface HttpApiClientOptions {
  /** Same-origin prefix from the runtime config, e.g. '/api'. */
  baseUrl: string;
  /** The current ID token; null when signed out. */
  getIdToken: () => Promise<string | null>;
  fetchFn?: typeof fetch;
}

interface RequestOptions {
  auth: boolean;
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
}

export function createHttpApiClient({ baseUrl, getIdToken, fetchFn = (...args) => fetch(...args) }: HttpApiClientOptions): ApiClient {
  const prefix = baseUrl.replace(/\/+$/, '');

  async function send(path: string, { auth, method, body }: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth) {
      const token = await getIdToken().catch(() => null);
      if (!token) throw new ApiError(401, 'unauthorized', 'Your session has ended. Please sign in again.');
      headers.authorization = `Bearer ${token}`;
    }
    const init: RequestInit = { headers };
    if (method && method !== 'GET') init.method = method;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }

    let response: Response;
    try {
      response = await fetchFn(prefix + path, init);
    } catch {
      throw new ApiError(0, 'network_error', 'Could not reach TrailBuddy. Check your connection and try again.');
    }
    if (!response.ok) {
      const envelope = ApiErrorBody.safeParse(await response.json().catch(() => undefined));
      if (envelope.success) {
        const { code, message, fields } = envelope.data.error;
        throw new ApiError(response.status, code, message, fields);
      }
      throw new ApiError(response.status, 'http_error', `The server answered with an error (HTTP ${response.status}).`);
    }
    return response;
  }

  async function request<S extends z.ZodType>(path: string, schema: S, options: RequestOptions): Promise<z.infer<S>> {
    const response = await send(path, options);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ApiError(response.status, 'bad_response', 'The server sent a response TrailBuddy could not read.');
    }
    return parsed.data;
  }

  return {
    health: () => request('/health', HealthResponse, { auth: false }),
    me: () => request('/me', MeResponse, { auth: true }),
    connections: () => request('/connections', ConnectionsResponse, { auth: true }),
    stravaAuthorizeUrl: () => request('/strava/authorize-url', AuthorizeUrlResponse, { auth: true }),
    connectStrava: (body) => request('/strava/connect', StravaConnectResponse, { auth: true, method: 'POST', body }),
    disconnect: async (provider) => {
      await send(`/connections/${encodeURIComponent(provider)}`, { auth: true, method: 'DELETE' });
    },
    sync: (provider) => request(`/connections/${encodeURIComponent(provider)}/sync`, SyncResponse, { auth: true, method: 'POST' }),
    stravaUsage: () => request('/strava/usage', StravaUsageResponse, { auth: true }),
    activities: (params = {}) => request(`/activities${activitiesSearch(params)}`, ActivitiesResponse, { auth: true }),
  };
}

function activitiesSearch(params: ActivitiesParams): string {
  const search = new URLSearchParams();
  for (const key of ['type', 'sort', 'order', 'cursor', 'limit'] as const) {
    const value = params[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}
