import { GoogleClient } from '../adapters/google/client';
import { googleSettings, type GoogleSettings } from '../lib/config';
import { deriveKey, hmacSha256 } from '../lib/crypto';
import { appSecret, googleClientSecret } from '../lib/secrets';
import { tokenCipherFromSecret, type TokenCipher } from '../lib/token-cipher';
import { DEFAULT_TIME_ZONE } from '../shared/schemas/metrics';
import { recalculateAfterImport } from './metrics';

/** Everything the Google Fit use cases need from outside, passed in explicitly (tests swap the clock, sleep, fetch). */
export interface GoogleDeps {
  settings: GoogleSettings;
  google: GoogleClient;
  cipher: TokenCipher;
  /** HMAC key for Google's OAuth state (a Strava state never verifies under it, nor the other way round). */
  stateKey: Buffer;
  /** The zone whose local days the daily buckets follow (the product's zone until profiles carry one). */
  timeZone: string;
  clock: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Hook: recompute the user's activity metrics after their activities changed. */
  recalculateMetrics: (userId: string, now: Date) => Promise<void>;
}

export interface GoogleDepsOptions {
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxRetryDelayMs?: number;
  timeZone?: string;
  recalculateMetrics?: GoogleDeps['recalculateMetrics'];
}

/** A per-provider subkey of the OAuth-state key (HMAC as the key-derivation function). */
export function googleStateKey(secret: string): Buffer {
  return hmacSha256(deriveKey(secret, 'oauth-state'), 'provider:google_health');
}

export async function googleDeps(options: GoogleDepsOptions = {}): Promise<GoogleDeps> {
  const settings = googleSettings();
  const secret = await appSecret();
  const clock = options.clock ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return {
    settings,
    google: new GoogleClient({
      clientId: settings.clientId,
      clientSecret: googleClientSecret,
      redirectUri: settings.redirectUri,
      oauthBaseUrl: settings.oauthBaseUrl,
      apiBaseUrl: settings.apiBaseUrl,
      fetch: options.fetch,
      sleep,
      clock,
      timeoutMs: options.timeoutMs,
      maxRetryDelayMs: options.maxRetryDelayMs,
    }),
    cipher: tokenCipherFromSecret(secret),
    stateKey: googleStateKey(secret),
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
    clock,
    sleep,
    recalculateMetrics: options.recalculateMetrics ?? recalculateAfterImport('google_health'),
  };
}
