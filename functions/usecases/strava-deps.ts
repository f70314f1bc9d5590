import { StravaClient, type StravaLimiter } from '../adapters/strava/client';
import { stravaSettings, type StravaSettings } from '../lib/config';
import { deriveKey } from '../lib/crypto';
import { appSecret, stravaClientSecret } from '../lib/secrets';
import { tokenCipherFromSecret, type TokenCipher } from '../lib/token-cipher';
import { acquireStravaCall, recordStravaResponse, stravaConfigForUser } from '../repositories/strava-rate-limiter';
import { recalculateAfterImport } from './metrics';

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
  const secret = await appSecret();
  const clock = options.clock ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return {
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
    cipher: tokenCipherFromSecret(secret),
    stateKey: deriveKey(secret, 'oauth-state'),
    clock,
    sleep,
    recalculateMetrics: options.recalculateMetrics ?? recalculateMetricsAfterSync,
  };
}
