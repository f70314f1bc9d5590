import { stravaTokenSource } from '../../strava-access';
import { createAuthorizeUrl } from '../../strava-connect';
import type { StravaDeps } from '../../strava-deps';
import type { Provider } from '../provider';
import { stravaPull } from './pull';
import { stravaSyncNow } from './sync-now';
import { stravaWithdrawal } from './withdrawal';

/** Strava whole: OAuth with rotating refresh tokens, and its reading (pull.ts). */
export const stravaProvider: Provider<StravaDeps> = {
  ...stravaSyncNow,
  ...stravaWithdrawal,
  oauth: {
    authorizeUrl: (userId, deps) => createAuthorizeUrl(userId, deps),
    exchange: (code, deps) => deps.strava.exchangeCode(code),
    refresh: (refreshToken, deps) => deps.strava.refresh(refreshToken),
    revoke: (tokens, deps) => deps.strava.deauthorize(tokens.accessToken),
    tokenSource: (deps) => stravaTokenSource(deps),
  },
  pull: stravaPull,
};
