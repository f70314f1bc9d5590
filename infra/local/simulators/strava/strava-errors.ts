import type { StravaErrorBody } from './types';

function body(message: string, resource: string, field: string, code: string): StravaErrorBody {
  return { message, errors: [{ resource, field, code }] };
}

/** Error bodies as Strava sends them. */
export const STRAVA_ERRORS = {
  invalidCode: () => body('Bad Request', 'AuthorizationCode', 'code', 'invalid'),
  invalidGrantType: () => body('Bad Request', 'AuthorizationCode', 'grant_type', 'invalid'),
  invalidClientId: () => body('Bad Request', 'Application', 'client_id', 'invalid'),
  invalidClientSecret: () => body('Authorization Error', 'Application', 'client_secret', 'invalid'),
  invalidRedirectUri: () => body('Bad Request', 'Application', 'redirect_uri', 'invalid'),
  invalidResponseType: () => body('Bad Request', 'Application', 'response_type', 'invalid'),
  invalidScope: () => body('Bad Request', 'Authorize', 'scope', 'invalid'),
  invalidRefreshToken: () => body('Bad Request', 'RefreshToken', 'refresh_token', 'invalid'),
  invalidAccessToken: () => body('Authorization Error', 'Athlete', 'access_token', 'invalid'),
  missingActivityScope: () => body('Authorization Error', 'AccessToken', 'activity:read_permission', 'missing'),
  activityNotFound: () => body('Record Not Found', 'Activity', 'id', 'invalid'),
  pathNotFound: () => body('Record Not Found', 'resource', 'path', 'invalid'),
  invalidParameter: (field: string) => body('Bad Request', 'Application', field, 'invalid'),
  /**
   * The token exchange past an app's athlete capacity: 403 "Limit of connected athletes exceeded" as developers report it
   * (communityhub.strava.com, "How do we move from 1 connected athlete to production quota?", Feb 2026; read 2026-11-28).
   * Strava documents no error body for it; resource, field and code here are our assumption in Strava's usual shape.
   */
  athleteLimitExceeded: () => body('Limit of connected athletes exceeded', 'Athlete', 'athletes', 'limit exceeded'),
  rateLimitExceeded: () => body('Rate Limit Exceeded', 'Application', 'rate limit', 'exceeded'),
  serverError: () => ({ message: 'Error', errors: [{ resource: 'Application', field: 'server', code: 'error' }] }),
} as const;
