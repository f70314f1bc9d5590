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
import { ImportJobsResponse } from '@shared/schemas/import-jobs';
import type { ApiTransport } from './api/transport';

export { ApiError, type HttpApiClientOptions } from './api/transport';

/** What a screen may ask of GET /api/activities; the server fills in the defaults. */
export type ActivitiesParams = Partial<ActivitiesQuery>;

export { SERVER_TRAITS, type ClientTraits } from './client-traits';
import { SERVER_TRAITS, type ClientTraits } from './client-traits';

/**
 * The core of what the screens ask of the back end. Two implementations: `createHttpApiClient` (the real
 * API, same origin, web/src/app/api-client.ts) and the in-browser demo client (web/src/app/demo-api-client.ts);
 * the app picks one through `ApiClientProvider`.
 */
export interface CoreApi {
  /** What differs between the real API and demo mode, as data. */
  readonly traits: ClientTraits;
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
  /** The user's background import and backfill jobs: progress, what they wait for, the result. */
  importJobs(): Promise<ImportJobsResponse>;
  /** The API-request indicator: what is left of the Strava rate limits. */
  stravaUsage(): Promise<StravaUsageResponse>;
  /** One page of the user's activities. */
  activities(params?: ActivitiesParams): Promise<ActivitiesResponse>;
}

/**
 * The whole API the screens use: the core routes plus one part per feature. Each feature's `api/` module adds its
 * part to this interface (`declare module '@/lib/api-client'`), so shared code (the client context, the lazy client,
 * components) can name the whole client without importing a feature. The composition roots in `app/`
 * (`createHttpApiClient`, `createDemoApiClient`) assemble every part and fail to typecheck when one is missing.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the feature parts are merged in
export interface ApiClient extends CoreApi {}

export function createCoreHttpApi({ send, request }: ApiTransport): CoreApi {
  return {
    traits: SERVER_TRAITS,
    health: () => request('/health', HealthResponse, { auth: false }),
    me: () => request('/me', MeResponse, { auth: true }),
    connections: () => request('/connections', ConnectionsResponse, { auth: true }),
    stravaAuthorizeUrl: () => request('/strava/authorize-url', AuthorizeUrlResponse, { auth: true }),
    connectStrava: (body) => request('/strava/connect', StravaConnectResponse, { auth: true, method: 'POST', body }),
    disconnect: async (provider) => {
      await send(`/connections/${encodeURIComponent(provider)}`, { auth: true, method: 'DELETE' });
    },
    sync: (provider) =>
      request(`/connections/${encodeURIComponent(provider)}/sync`, SyncResponse, { auth: true, method: 'POST' }),
    importJobs: () => request('/connections/jobs', ImportJobsResponse, { auth: true }),
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
