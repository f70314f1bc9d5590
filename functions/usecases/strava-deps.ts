import { StravaClient, type StravaLimiter } from '../adapters/strava/client';
import { stravaSettings, type StravaSettings } from '../lib/config';
import { acquireStravaCall, recordStravaResponse, stravaConfigForUser } from '../repositories/strava-rate-limiter';
import type { ConnectionFence } from '../repositories/connection-fence';
import { recalculateAfterImport } from './metrics';
import { providerBaseDeps } from './provider-deps';
import { stravaOAuthClientOptions, type StravaOAuthDeps, type StravaOAuthDepsOptions } from './strava-oauth-deps';

/** Everything the Strava use cases need from outside, passed in explicitly (tests swap the clock, sleep, fetch). */
export interface StravaDeps extends StravaOAuthDeps {
  settings: StravaSettings;
  strava: StravaClient;
  /** HMAC key for the OAuth state. */
  stateKey: Buffer;
  sleep: (ms: number) => Promise<void>;
  /**
   * Hook: recompute the user's activity metrics after their activities changed; with a fence (an import's
   * connection), nothing is written once that connection has ended.
   */
  recalculateMetrics: (userId: string, now: Date, fence?: ConnectionFence) => Promise<void>;
}

export const stravaLimiter: StravaLimiter = {
  configForUser: stravaConfigForUser,
  acquire: acquireStravaCall,
  record: recordStravaResponse,
};

export interface StravaDepsOptions extends StravaOAuthDepsOptions {
  limiter?: StravaLimiter;
  recalculateMetrics?: StravaDeps['recalculateMetrics'];
}

/** Recomputes the user's activity metrics and the Strava part of the daily aggregates on the days the sync touched. */
export const recalculateMetricsAfterSync = recalculateAfterImport('strava');

export async function stravaDeps(options: StravaDepsOptions = {}): Promise<StravaDeps> {
  const settings = stravaSettings();
  const base = await providerBaseDeps('strava', options);
  return {
    ...base,
    settings,
    strava: new StravaClient({
      ...stravaOAuthClientOptions(settings, base, options),
      apiBaseUrl: settings.apiBaseUrl,
      limiter: options.limiter ?? stravaLimiter,
    }),
    recalculateMetrics: options.recalculateMetrics ?? recalculateMetricsAfterSync,
  };
}
