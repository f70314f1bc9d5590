import { GoogleClient } from '../adapters/google/client';
import { googleSettings, type GoogleSettings } from '../lib/config';
import { googleClientSecret } from '../lib/secrets';
import type { TokenCipher } from '../lib/token-cipher';
import { DEFAULT_TIME_ZONE } from '../shared/schemas/metrics';
import { recalculateAfterImport } from './metrics';
import { providerBaseDeps, providerStateKey } from './provider-deps';

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
  return providerStateKey(secret, 'google_health');
}

export async function googleDeps(options: GoogleDepsOptions = {}): Promise<GoogleDeps> {
  const settings = googleSettings();
  const base = await providerBaseDeps('google_health', options);
  const { clock, sleep } = base;
  return {
    ...base,
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
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
    recalculateMetrics: options.recalculateMetrics ?? recalculateAfterImport('google_health'),
  };
}
