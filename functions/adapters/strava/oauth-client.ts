import { ProviderHttpClient, type ProviderHttpOptions } from '../provider-http';
import {
  StravaApiError,
  StravaAthleteCapacityError,
  StravaAuthError,
  StravaInvalidCodeError,
  StravaNetworkError,
  StravaRateLimitedError,
  StravaUnauthorizedError,
} from './errors';
import { StravaErrorBody, StravaTokenResponse } from './schemas';

export interface StravaOAuthClientOptions extends ProviderHttpOptions {
  clientId: string;
  clientSecret: () => Promise<string>;
  redirectUri: string;
  oauthBaseUrl: string;
  /** Where disconnecting posts: `${oauthBaseUrl}/deauthorize` today, Strava's /oauth/revoke from 1 June 2027. */
  revokeUrl: string;
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
 * Strava's OAuth endpoints (exchange, refresh, deauthorize) on the shared client base: all that disconnecting and the
 * account erasure need, without the API v3 calls and their rate limiter (StravaClient in ./client.ts adds those).
 * Error messages follow spec §8 and never include tokens or secrets.
 */
export class StravaOAuthClient<
  Options extends StravaOAuthClientOptions = StravaOAuthClientOptions,
> extends ProviderHttpClient {
  constructor(protected readonly options: Options) {
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
      if (response.status === 403 && saysAthleteLimitExceeded(text))
        throw new StravaAthleteCapacityError(`Failed to exchange code for tokens: ${response.status} ${text}`);
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

  /**
   * Revokes the app's access for the athlete behind `accessToken`. The token goes in the Authorization header only,
   * never in a body or a query string: from 1 June 2027 Strava reads it nowhere else (communityhub.strava.com, "An Update
   * To Our Developer Program", 1 June 2026; read 2026-11-28), and /oauth/deauthorize takes it there today as well.
   */
  async deauthorize(accessToken: string): Promise<void> {
    const response = await this.send('Failed to deauthorize', this.options.revokeUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
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
}

function toTokens(response: StravaTokenResponse): StravaTokens {
  return { accessToken: response.access_token, refreshToken: response.refresh_token, expiresAt: response.expires_at };
}

/**
 * Strava's refusal of a new athlete past the app's capacity: 403 "Limit of connected athletes exceeded", as developers
 * report it (communityhub.strava.com, "How do we move from 1 connected athlete to production quota?", Feb 2026; read
 * 2026-11-28). Strava documents no body for it, so only the message is relied on, not the `errors` entries.
 */
function saysAthleteLimitExceeded(text: string): boolean {
  try {
    const body = StravaErrorBody.safeParse(JSON.parse(text));
    return body.success && /limit of connected athletes/i.test(body.data.message ?? '');
  } catch {
    return /limit of connected athletes/i.test(text);
  }
}

function mentionsInvalidField(text: string, field: string): boolean {
  try {
    const body = StravaErrorBody.safeParse(JSON.parse(text));
    return body.success && (body.data.errors ?? []).some((e) => e.field === field && e.code === 'invalid');
  } catch {
    return false;
  }
}
