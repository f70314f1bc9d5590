import { StravaAthleteCapacityError, StravaInvalidCodeError } from '../adapters/strava/errors';
import { parseGrantedScopes } from '../domain/oauth-state';
import { BadRequestError, ConflictError, UpstreamError } from '../lib/errors';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import type { AuthorizeUrlResponse, StravaConnectRequest, StravaConnectResponse } from '../shared/schemas/connections';
import { toConnectionSummary } from './connection-summary';
import {
  consumeOAuthState,
  initialSyncQuietly,
  issueOAuthState,
  storeConnection,
  type StateErrorMessages,
} from './provider-connect';
import { syncStrava } from './strava-sync';
import type { StravaDeps } from './strava-deps';

/** Spec §6: the scopes TrailBuddy asks for. */
export const STRAVA_SCOPES = ['activity:read', 'profile:read_all'] as const;

/** Spec §5 tips for an invalid authorization code. */
export const INVALID_CODE_MESSAGE =
  'Failed to exchange code for tokens: Strava rejected the authorization code. It may have expired (codes last about 10 minutes), ' +
  'it may have been used already, or the redirect URI may not match. Please try connecting again.';

/** Without an activity scope the import finds nothing and every sync fails; say which permission is missing. */
export const MISSING_ACTIVITY_PERMISSION_MESSAGE =
  "TrailBuddy needs permission to view data about your activities. Reconnect and keep 'View data about your activities' ticked.";

/** True when Strava's granted `scope` (from the callback) lets TrailBuddy read activities. */
export function grantsActivityRead(scopes: readonly string[]): boolean {
  return scopes.includes('activity:read') || scopes.includes('activity:read_all');
}

/** Strava lets the app hold only so many athletes until it approves more; the person can still bring data in. */
export const STRAVA_AT_CAPACITY_MESSAGE =
  'TrailBuddy cannot take more Strava accounts right now. You can still bring your activities in with Google Health ' +
  '(Fitbit, Pixel Watch) or Apple Health from the Connections page, and try Strava again later.';

const STATE_ERRORS: StateErrorMessages = {
  state_invalid: 'The Strava authorization could not be verified. Please try connecting again.',
  state_wrong_user: 'This Strava authorization was started by a different account. Please try connecting again.',
  state_expired: 'The Strava authorization took too long and expired. Please try connecting again.',
  state_used: 'This Strava authorization was already used. Please try connecting again.',
} as const;

export async function createAuthorizeUrl(userId: string, deps: StravaDeps): Promise<AuthorizeUrlResponse> {
  const state = await issueOAuthState(userId, deps);
  const query = new URLSearchParams({
    client_id: deps.settings.clientId,
    redirect_uri: deps.settings.redirectUri,
    response_type: 'code',
    approval_prompt: 'auto',
    scope: STRAVA_SCOPES.join(','),
    state,
  });
  return { url: `${deps.settings.oauthBaseUrl}/authorize?${query.toString()}` };
}

/**
 * The callback screen's POST: verify the state (signed, this user's, live, unused), exchange the code, store the
 * connection with encrypted tokens, then the initial sync. A failed sync still connects (sync: null).
 */
export async function connectStrava(
  userId: string,
  request: StravaConnectRequest,
  deps: StravaDeps,
): Promise<StravaConnectResponse> {
  const now = deps.clock();
  await consumeOAuthState(userId, request.state, deps, STATE_ERRORS);

  // The athlete unticked "View data about your activities": refuse before exchanging the code, so no token is ever
  // obtained or stored and any previous connection stays as it was. (No `scope` at all means Strava did not say.)
  const grantedScopes = parseGrantedScopes(request.scope);
  if (request.scope !== undefined && !grantsActivityRead(grantedScopes)) {
    throw new BadRequestError(MISSING_ACTIVITY_PERMISSION_MESSAGE, undefined, 'missing_permission');
  }

  let exchanged;
  try {
    exchanged = await deps.strava.exchangeCode(request.code);
  } catch (error) {
    if (error instanceof StravaInvalidCodeError)
      throw new BadRequestError(INVALID_CODE_MESSAGE, undefined, 'invalid_code');
    if (error instanceof StravaAthleteCapacityError) {
      // Nothing was issued, so nothing is stored; the operator is alarmed to ask Strava for more capacity.
      countMetric('StravaAthleteCapacityRefusals', { Provider: 'strava' }, now);
      logger.warn('strava refused a new athlete: the app is at its athlete capacity', { userId });
      throw new ConflictError(STRAVA_AT_CAPACITY_MESSAGE, 'strava_at_capacity');
    }
    logger.warn('strava code exchange failed', {
      userId,
      detail: error instanceof Error ? error.message : String(error),
    });
    throw new UpstreamError(
      error instanceof Error && error.message.startsWith('Failed to exchange code for tokens')
        ? error.message
        : 'Failed to exchange code for tokens: Strava did not answer.',
      'strava_exchange_failed',
    );
  }

  // Reconnecting as a different athlete drops the previous athlete's activities (storeConnection).
  const connection = await storeConnection(
    {
      userId,
      provider: 'strava',
      providerUserId: String(exchanged.athlete.id),
      scopes: grantedScopes,
      athleteFirstName: exchanged.athlete.firstname,
      athleteLastName: exchanged.athlete.lastname,
      tokens: {
        accessToken: exchanged.accessToken,
        refreshToken: exchanged.refreshToken,
        expiresAt: exchanged.expiresAt,
      },
      now,
    },
    deps.cipher,
  );

  // A failed sync is logged by syncStrava; the connection stands and the user can sync again.
  const sync: StravaConnectResponse['sync'] = await initialSyncQuietly(() => syncStrava(userId, deps, 'initial'));
  const summary = toConnectionSummary(sync ? { ...connection, lastSyncAt: sync.lastSyncAt } : connection);
  return { connection: summary, sync };
}
