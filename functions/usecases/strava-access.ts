import { StravaAuthError, StravaUnauthorizedError } from '../adapters/strava/errors';
import type { TokenSource } from './providers/provider';
import { withProviderAccess } from './provider-access';
import type { StravaOAuthDeps } from './strava-oauth-deps';

export { REFRESH_MARGIN_SECONDS } from './provider-access';

/** How the one token lease (usecases/provider-access.ts) renews Strava's tokens and says "reconnect". */
export function stravaTokenSource(deps: StravaOAuthDeps): TokenSource {
  return {
    provider: 'strava',
    cipher: deps.cipher,
    clock: deps.clock,
    refresh: (refreshToken) => deps.strava.refresh(refreshToken),
    authError: (message) => new StravaAuthError(message),
    noTokenMessage: 'Token expired',
    isUnauthorized: (error) => error instanceof StravaUnauthorizedError,
  };
}

/**
 * Runs `call` with a valid Strava access token; on a 401 the token is refreshed once and the call retried once
 * (a second 401 means the athlete revoked access: the caller reports 'reconnect').
 */
export function withStravaAccess<T>(
  userId: string,
  deps: StravaOAuthDeps,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  return withProviderAccess(userId, stravaTokenSource(deps), call);
}
