import type { ApiErrorBody, OAuthErrorBody } from './types';

const oauth = (error: string, error_description: string): OAuthErrorBody => ({ error, error_description });

/** Bodies of Google's OAuth endpoints (oauth2.googleapis.com), as Google writes them. */
export const OAUTH_ERRORS = {
  invalidGrantCode: () => oauth('invalid_grant', 'Bad Request'),
  invalidGrantRefresh: () => oauth('invalid_grant', 'Token has been expired or revoked.'),
  redirectUriMismatch: () => oauth('redirect_uri_mismatch', 'Bad Request'),
  clientNotFound: () => oauth('invalid_client', 'The OAuth client was not found.'),
  clientUnauthorized: () => oauth('invalid_client', 'Unauthorized'),
  missingParameter: (name: string) => oauth('invalid_request', `Missing required parameter: ${name}`),
  unsupportedGrantType: (grantType: string) => oauth('unsupported_grant_type', `Invalid grant_type: ${grantType}`),
  invalidTokenInfo: () => oauth('invalid_token', 'Invalid Value'),
  revokeFailed: () => oauth('invalid_token', 'Token expired or revoked'),
};

function apiError(
  code: number,
  status: string,
  message: string,
  reason: string,
  domain = 'global',
  extra: Partial<ApiErrorBody['error']['errors'][number]> = {},
): ApiErrorBody {
  return { error: { code, message, errors: [{ message, domain, reason, ...extra }], status } };
}

/** Bodies of googleapis.com (Fitness API) errors. */
export const API_ERRORS = {
  unauthenticated: (): ApiErrorBody => ({
    error: {
      code: 401,
      message:
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      errors: [
        {
          message: 'Invalid Credentials',
          domain: 'global',
          reason: 'authError',
          location: 'Authorization',
          locationType: 'header',
        },
      ],
      status: 'UNAUTHENTICATED',
    },
  }),
  insufficientScopes: (): ApiErrorBody => ({
    ...apiError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', 'insufficientPermissions'),
  }),
  invalidArgument: (message: string) => apiError(400, 'INVALID_ARGUMENT', message, 'invalidArgument'),
  notFound: () => apiError(404, 'NOT_FOUND', 'Requested entity was not found.', 'notFound'),
  /** What every Fitness call answers for a project that has not (or can no longer) enable the Fitness API. */
  apiDisabled: (projectNumber: string) =>
    apiError(
      403,
      'PERMISSION_DENIED',
      `Fitness API has not been used in project ${projectNumber} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/fitness.googleapis.com/overview?project=${projectNumber} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
      'accessNotConfigured',
      'usageLimits',
      { extendedHelp: 'https://console.developers.google.com' },
    ),
  quotaExceeded: () =>
    apiError(
      429,
      'RESOURCE_EXHAUSTED',
      "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user' of service 'fitness.googleapis.com'.",
      'rateLimitExceeded',
      'usageLimits',
    ),
  backendError: () => apiError(500, 'INTERNAL', 'Internal error encountered.', 'backendError'),
};
