import { GoogleClient } from '../adapters/google/client';
import { googleSettings, type GoogleSettings } from '../lib/config';
import { DEFAULT_TIME_ZONE } from '../shared/schemas/metrics';
import type { ConnectionFence } from '../repositories/connection-fence';
import { recalculateAfterImport } from './metrics';
import { googleOAuthClientOptions, type GoogleOAuthDeps, type GoogleOAuthDepsOptions } from './google-oauth-deps';
import { providerBaseDeps, providerStateKey } from './provider-deps';

/** Everything the Google Health use cases need from outside, passed in explicitly (tests swap the clock, sleep, fetch). */
export interface GoogleDeps extends GoogleOAuthDeps {
  settings: GoogleSettings;
  google: GoogleClient;
  /** HMAC key for Google's OAuth state (a Strava state never verifies under it, nor the other way round). */
  stateKey: Buffer;
  /** The zone whose local days the daily roll-ups and civil filters follow (the product's zone until profiles carry one). */
  timeZone: string;
  sleep: (ms: number) => Promise<void>;
  /**
   * Hook: recompute the user's activity metrics after their activities changed; with a fence (an import's
   * connection), nothing is written once that connection has ended.
   */
  recalculateMetrics: (userId: string, now: Date, fence?: ConnectionFence) => Promise<void>;
}

export interface GoogleDepsOptions extends GoogleOAuthDepsOptions {
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
  return {
    ...base,
    settings,
    google: new GoogleClient({
      ...googleOAuthClientOptions(settings, base, options),
      healthApiBaseUrl: settings.healthApiBaseUrl,
    }),
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
    recalculateMetrics: options.recalculateMetrics ?? recalculateAfterImport('google_health'),
  };
}
