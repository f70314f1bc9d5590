import { StravaClient, type StravaLimiter } from '../adapters/strava/client';
import { stravaSettings, type StravaSettings } from '../lib/config';
import { stravaClientSecret } from '../lib/secrets';
import type { TokenCipher } from '../lib/token-cipher';
import { acquireStravaCall, recordStravaResponse, stravaConfigForUser } from '../repositories/strava-rate-limiter';
import { recalculateAfterImport } from './metrics';
import { providerBaseDeps } from './provider-deps';

/** Everything the Strava use cases need from outside, passed in explicitly (tests swap the clock, sleep, fetch). */
export interface StravaDeps {
  settings: StravaSettings;
  strava: StravaClient;
  cipher: TokenCipher;
  /** HMAC key for the OAuth state. */
  stateKey: Buffer;
  clock: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Hook: recompute the user's activity metrics after their activities changed. */
  recalculateMetrics: (userId: string, now: Date) => Promise<void>;
}

export const stravaLimiter: StravaLimiter = {
  configForUser: stravaConfigForUser,
  acquire: acquireStravaCall,
  record: recordStravaResponse,
};

export interface StravaDepsOptions {
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  limiter?: StravaLimiter;
  timeoutMs?: number;
  maxRetryDelayMs?: number;
  recalculateMetrics?: StravaDeps['recalculateMetrics'];
}

/** Recomputes the user's activity metrics and the Strava part of the daily aggregates on the days the sync touched. */
export const recalculateMetricsAfterSync = recalculateAfterImport('strava');

export async function stravaDeps(options: StravaDepsOptions = {}): Promise<StravaDeps> {
  const settings = stravaSettings();
  const base = await providerBaseDeps('strava', options);
  const { clock, sleep } = base;
  return {
    ...base,
    settings,
    strava: new StravaClient({
      clientId: settings.clientId,
      clientSecret: stravaClientSecret,
      redirectUri: settings.redirectUri,
      oauthBaseUrl: settings.oauthBaseUrl,
      apiBaseUrl: settings.apiBaseUrl,
      limiter: options.limiter ?? stravaLimiter,
      fetch: options.fetch,
      sleep,
      clock,
      timeoutMs: options.timeoutMs,
      maxRetryDelayMs: options.maxRetryDelayMs,
    }),
    recalculateMetrics: options.recalculateMetrics ?? recalculateMetricsAfterSync,
  };
}
