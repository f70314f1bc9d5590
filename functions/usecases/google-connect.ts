import { GoogleInvalidCodeError } from '../adapters/google/errors';
import type { GoogleTokenInfo } from '../adapters/google/schemas';
import {
  GOOGLE_HEALTH_ACTIVITY_PERMISSION,
  GOOGLE_HEALTH_SCOPES,
  canReadActivity,
  parseGoogleScopes,
} from '../domain/google-health-oauth';
import { BadRequestError, UpstreamError, type AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { AuthorizeUrlResponse } from '../shared/schemas/connections';
import type { GoogleConnectRequest, GoogleConnectResponse } from '../shared/schemas/google';
import { toConnectionSummary } from './connection-summary';
import {
  consumeOAuthState,
  initialSyncQuietly,
  issueOAuthState,
  storeConnection,
  type StateErrorMessages,
} from './provider-connect';
import type { GoogleDeps } from './google-deps';
import { syncGoogleHealth, toGoogleSyncError } from './google-sync';

/** Spec §5 tips, for Google. */
export const GOOGLE_INVALID_CODE_MESSAGE =
  'Failed to connect to Google Health: Google rejected the authorization code. It may have expired (codes last about 10 minutes), ' +
  'it may have been used already, or the redirect URI may not match. Please try connecting again.';

export const MISSING_ACTIVITY_SCOPE_MESSAGE =
  `Google Health was not connected: TrailBuddy needs the permission "${GOOGLE_HEALTH_ACTIVITY_PERMISSION}" to read your workouts and daily steps, and it was not granted. ` +
  'Nothing was stored. Please connect again and tick that permission on the Google screen.';

const STATE_ERRORS: StateErrorMessages = {
  state_invalid: 'The Google authorization could not be verified. Please try connecting again.',
  state_wrong_user: 'This Google authorization was started by a different account. Please try connecting again.',
  state_expired: 'The Google authorization took too long and expired. Please try connecting again.',
  state_used: 'This Google authorization was already used. Please try connecting again.',
} as const;

/** Google's consent URL: only the scopes we read, offline access (a refresh token) and a signed, single-use state. */
export async function createGoogleAuthorizeUrl(userId: string, deps: GoogleDeps): Promise<AuthorizeUrlResponse> {
  const state = await issueOAuthState(userId, deps);
  const query = new URLSearchParams({
    client_id: deps.settings.clientId,
    redirect_uri: deps.settings.redirectUri,
    response_type: 'code',
    scope: GOOGLE_HEALTH_SCOPES.join(' '),
    access_type: 'offline',
    // Always show consent: Google sends a refresh token only when the person consents.
    prompt: 'consent',
    include_granted_scopes: 'true',
    state,
  });
  return { url: `${deps.settings.accountsBaseUrl}/o/oauth2/v2/auth?${query.toString()}` };
}

function connectFailed(error: unknown): AppError {
  const detail = error instanceof Error ? error.message : String(error);
  const message = detail.startsWith('Failed to connect to Google Health')
    ? detail
    : `Failed to connect to Google Health: ${detail}`;
  return new UpstreamError(message, 'google_connect_failed');
}

/**
 * The health callback screen's POST: verify the state (signed for Google, this user's, live, unused), exchange the
 * code, confirm the token is ours and carries the activity scope (without it: revoke, store nothing, say which
 * permission is missing), read the person's healthUserId, store the connection with encrypted tokens, then the
 * initial sync. A failed sync still connects (sync: null).
 */
export async function connectGoogleHealth(
  userId: string,
  request: GoogleConnectRequest,
  deps: GoogleDeps,
): Promise<GoogleConnectResponse> {
  const now = deps.clock();
  await consumeOAuthState(userId, request.state, deps, STATE_ERRORS);

  let tokens;
  let info: GoogleTokenInfo;
  try {
    tokens = await deps.google.exchangeCode(request.code);
    info = await deps.google.tokenInfo(tokens.accessToken);
  } catch (error) {
    if (error instanceof GoogleInvalidCodeError)
      throw new BadRequestError(GOOGLE_INVALID_CODE_MESSAGE, undefined, 'invalid_code');
    logger.warn('google code exchange failed', {
      userId,
      detail: error instanceof Error ? error.message : String(error),
    });
    throw connectFailed(error);
  }
  if (info.aud !== deps.settings.clientId) throw connectFailed(new Error('the access token was issued to another app'));

  // What Google says the token may do (tokeninfo) is the only word on it: never what the browser relayed.
  const scopes = parseGoogleScopes(info.scope);
  if (!canReadActivity(scopes)) {
    await revokeQuietly(tokens.refreshToken ?? tokens.accessToken, deps, userId);
    throw new BadRequestError(MISSING_ACTIVITY_SCOPE_MESSAGE, undefined, 'missing_activity_scope');
  }
  if (!tokens.refreshToken) throw connectFailed(new Error('Google did not grant offline access. Please try again.'));
  // The connection is keyed by the person's Google Health user id (users.getIdentity), not a sign-in claim.
  let subject: string;
  try {
    subject = await deps.google.identity(tokens.accessToken);
  } catch (error) {
    // Nothing is stored, so the grant goes too; a project without the API enabled is the operator's to fix.
    await revokeQuietly(tokens.refreshToken, deps, userId);
    const mapped = toGoogleSyncError(error);
    throw mapped.code === 'google_health_api_unavailable' ? mapped : connectFailed(error);
  }

  // Reconnecting as a different Google account drops the previous account's activities (storeConnection).
  const connection = await storeConnection(
    {
      userId,
      provider: 'google_health',
      providerUserId: subject,
      scopes,
      athleteFirstName: null,
      athleteLastName: null,
      tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt },
      now,
    },
    deps.cipher,
  );

  // A failed sync is logged by syncGoogleHealth; the connection stands and the user can sync again.
  const sync: GoogleConnectResponse['sync'] = await initialSyncQuietly(() => syncGoogleHealth(userId, deps));
  const summary = toConnectionSummary(sync ? { ...connection, lastSyncAt: sync.lastSyncAt } : connection);
  return { connection: summary, sync };
}

async function revokeQuietly(token: string, deps: GoogleDeps, userId: string): Promise<void> {
  try {
    await deps.google.revoke(token);
  } catch (error) {
    logger.warn('google revoke failed', { userId, detail: error instanceof Error ? error.message : String(error) });
  }
}
