import { ProviderHttpClient, type ProviderHttpOptions } from '../provider-http';
import {
  GoogleApiError,
  GoogleAuthError,
  GoogleInvalidCodeError,
  GoogleNetworkError,
  GoogleRateLimitedError,
  GoogleRefreshError,
  GoogleUnauthorizedError,
} from './errors';
import { GoogleOAuthErrorBody, GoogleTokenInfo, GoogleTokenResponse } from './schemas';

export interface GoogleOAuthClientOptions extends ProviderHttpOptions {
  clientId: string;
  clientSecret: () => Promise<string>;
  redirectUri: string;
  oauthBaseUrl: string;
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
 * Google's OAuth endpoints (exchange, refresh, tokeninfo, revoke) on the shared client base: all that disconnecting
 * and the account erasure need, without the Health API and its response shapes (GoogleClient in ./client.ts adds
 * those). Error messages never include tokens or secrets.
 */
export class GoogleOAuthClient<
  Options extends GoogleOAuthClientOptions = GoogleOAuthClientOptions,
> extends ProviderHttpClient {
  constructor(protected readonly options: Options) {
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

  async exchangeCode(code: string): Promise<GoogleTokens> {
    const context = 'Failed to connect to Google Health';
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
    const context = 'Failed to connect to Google Health';
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
