import { GoogleAuthError, GoogleUnauthorizedError } from '../adapters/google/errors';
import type { TokenSource } from './providers/provider';
import { storedTokens, withProviderAccess } from './provider-access';
import type { GoogleOAuthDeps } from './google-oauth-deps';

export { REFRESH_MARGIN_SECONDS } from './provider-access';

/** Spec §8. */
export const NO_GOOGLE_TOKEN_MESSAGE = 'No Google access token available. Please reconnect Google Health.';

export const GOOGLE_NOT_CONNECTED = 'Google Health is not connected.';

/** How the one token lease (usecases/provider-access.ts) renews Google's tokens (Google keeps its refresh token) and says "reconnect". */
export function googleTokenSource(deps: GoogleOAuthDeps): TokenSource {
  return {
    provider: 'google_health',
    cipher: deps.cipher,
    clock: deps.clock,
    refresh: (refreshToken) => deps.google.refresh(refreshToken),
    authError: (message) => new GoogleAuthError(message),
    noTokenMessage: NO_GOOGLE_TOKEN_MESSAGE,
    isUnauthorized: (error) => error instanceof GoogleUnauthorizedError,
  };
}

/** Runs `call` with a valid Google access token; on a 401 the token is refreshed once and the call retried once. */
export function withGoogleAccess<T>(
  userId: string,
  deps: GoogleOAuthDeps,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  return withProviderAccess(userId, googleTokenSource(deps), call);
}

/** Disconnect: revoke the grant at Google (revoking the refresh token ends the whole grant). Throws on failure. */
export async function revokeGoogleAccess(userId: string, deps: GoogleOAuthDeps): Promise<boolean> {
  const tokens = await storedTokens(userId, googleTokenSource(deps));
  if (!tokens) return false;
  await deps.google.revoke(tokens.refreshToken);
  return true;
}
