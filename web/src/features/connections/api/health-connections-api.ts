import { AppleIngestResponse, AppleIngestTokenResponse } from '@shared/schemas/apple';
import { AuthorizeUrlResponse } from '@shared/schemas/connections';
import { GoogleConnectResponse, type GoogleConnectRequest } from '@shared/schemas/google';
import type { ApiTransport } from '@/lib/api/transport';

/** Google Health and Apple Health; Strava's calls are in the core client. */
export interface HealthConnectionsApi {
  /** Where to send the browser to authorize Google Health (carries a signed, single-use state). */
  googleAuthorizeUrl(): Promise<AuthorizeUrlResponse>;
  /** Exchanges what Google sent back to the health callback screen; runs the initial sync. */
  connectGoogle(request: GoogleConnectRequest): Promise<GoogleConnectResponse>;
  /** Connects Apple Health and issues a new ingest token (shown once; earlier tokens stop working). */
  issueAppleIngestToken(): Promise<AppleIngestTokenResponse>;
  /** The setup dialog's 'Test Connection': posts an empty export to the ingest endpoint with the token. */
  testAppleIngest(ingestUrl: string, token: string): Promise<AppleIngestResponse>;
}

export function createHealthConnectionsHttpApi({ request }: ApiTransport): HealthConnectionsApi {
  return {
    googleAuthorizeUrl: () => request('/google/authorize-url', AuthorizeUrlResponse, { auth: true }),
    connectGoogle: (body) => request('/google/connect', GoogleConnectResponse, { auth: true, method: 'POST', body }),
    issueAppleIngestToken: () =>
      request('/apple/ingest-token', AppleIngestTokenResponse, { auth: true, method: 'POST' }),
    testAppleIngest: (ingestUrl, token) =>
      request('', AppleIngestResponse, {
        auth: false,
        method: 'POST',
        absoluteUrl: ingestUrl,
        bearer: token,
        body: { health_data: { workouts: [] } },
      }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends HealthConnectionsApi {}
}
