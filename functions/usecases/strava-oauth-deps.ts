import { StravaOAuthClient, type StravaOAuthClientOptions } from '../adapters/strava/oauth-client';
import { stravaSettings, type StravaSettings } from '../lib/config';
import { stravaClientSecret } from '../lib/secrets';
import type { TokenCipher } from '../lib/token-cipher';
import { providerBaseDeps, type ProviderBaseDeps, type ProviderBaseOptions } from './provider-deps';

/**
 * What Strava's connection side needs on a stored connection (the token lease's refresh, the deauthorization): the
 * OAuth client, the token cipher and the clock; no API client, rate limiter or sync hooks. StravaDeps has all of it.
 */
export interface StravaOAuthDeps {
  strava: StravaOAuthClient;
  cipher: TokenCipher;
  clock: () => Date;
}

export interface StravaOAuthDepsOptions extends ProviderBaseOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxRetryDelayMs?: number;
}

/** The OAuth client's options from the settings; the full client (usecases/strava-deps.ts) adds its API ones. */
export function stravaOAuthClientOptions(
  settings: StravaSettings,
  base: ProviderBaseDeps,
  options: StravaOAuthDepsOptions,
): StravaOAuthClientOptions {
  return {
    clientId: settings.clientId,
    clientSecret: stravaClientSecret,
    redirectUri: settings.redirectUri,
    oauthBaseUrl: settings.oauthBaseUrl,
    revokeUrl: settings.revokeUrl,
    fetch: options.fetch,
    sleep: base.sleep,
    clock: base.clock,
    timeoutMs: options.timeoutMs,
    maxRetryDelayMs: options.maxRetryDelayMs,
  };
}

export async function stravaOAuthDeps(options: StravaOAuthDepsOptions = {}): Promise<StravaOAuthDeps> {
  const settings = stravaSettings();
  const base = await providerBaseDeps('strava', options);
  return {
    cipher: base.cipher,
    clock: base.clock,
    strava: new StravaOAuthClient(stravaOAuthClientOptions(settings, base, options)),
  };
}
