import { stravaOAuthDeps, type StravaOAuthDeps } from '../../strava-oauth-deps';
import type { ProviderEntry } from '../provider';
import { stravaSyncNow } from './sync-now';
import { stravaWithdrawal } from './withdrawal';

/** Strava in the registry: read page by page (import jobs), sync now queues one (or files a request), disconnect deauthorizes. */
export const strava: ProviderEntry<StravaOAuthDeps, true> = {
  ...stravaSyncNow,
  ...stravaWithdrawal,
  pulls: true,
  deps: () => stravaOAuthDeps(),
};
