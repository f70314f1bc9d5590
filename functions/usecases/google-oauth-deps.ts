import { GoogleOAuthClient, type GoogleOAuthClientOptions } from '../adapters/google/oauth-client';
import { googleSettings, type GoogleSettings } from '../lib/config';
import { googleClientSecret } from '../lib/secrets';
import type { TokenCipher } from '../lib/token-cipher';
import { providerBaseDeps, type ProviderBaseDeps, type ProviderBaseOptions } from './provider-deps';

/**
 * What Google's connection side needs on a stored connection (the token lease's refresh, the revocation): the OAuth
 * client, the token cipher and the clock; no Health API client or sync hooks. GoogleDeps has all of it.
 */
export interface GoogleOAuthDeps {
  google: GoogleOAuthClient;
  cipher: TokenCipher;
  clock: () => Date;
}

export interface GoogleOAuthDepsOptions extends ProviderBaseOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxRetryDelayMs?: number;
}

/** The OAuth client's options from the settings; the full client (usecases/google-deps.ts) adds the Health API base URL. */
export function googleOAuthClientOptions(
  settings: GoogleSettings,
  base: ProviderBaseDeps,
  options: GoogleOAuthDepsOptions,
): GoogleOAuthClientOptions {
  return {
    clientId: settings.clientId,
    clientSecret: googleClientSecret,
    redirectUri: settings.redirectUri,
    oauthBaseUrl: settings.oauthBaseUrl,
    fetch: options.fetch,
    sleep: base.sleep,
    clock: base.clock,
    timeoutMs: options.timeoutMs,
    maxRetryDelayMs: options.maxRetryDelayMs,
  };
}

export async function googleOAuthDeps(options: GoogleOAuthDepsOptions = {}): Promise<GoogleOAuthDeps> {
  const settings = googleSettings();
  const base = await providerBaseDeps('google_health', options);
  return {
    cipher: base.cipher,
    clock: base.clock,
    google: new GoogleOAuthClient(googleOAuthClientOptions(settings, base, options)),
  };
}
