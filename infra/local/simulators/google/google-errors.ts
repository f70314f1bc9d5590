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

const SERVICE = 'health.googleapis.com';

/** `{ error: { code, message, status, details: [ErrorInfo] } }`, Google's JSON error format (AIP-193). */
function apiError(
  code: number,
  status: string,
  message: string,
  reason?: string,
  metadata: Record<string, string> = {},
): ApiErrorBody {
  return {
    error: {
      code,
      message,
      status,
      details: reason
        ? [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason,
              domain: 'googleapis.com',
              metadata: { service: SERVICE, ...metadata },
            },
          ]
        : [],
    },
  };
}

/** Bodies of Google Health API (health.googleapis.com) errors. */
export const API_ERRORS = {
  unauthenticated: () =>
    apiError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      'ACCESS_TOKEN_EXPIRED',
    ),
  insufficientScopes: () =>
    apiError(
      403,
      'PERMISSION_DENIED',
      'Request had insufficient authentication scopes.',
      'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
    ),
  invalidArgument: (message: string) => apiError(400, 'INVALID_ARGUMENT', message),
  notFound: () => apiError(404, 'NOT_FOUND', 'Requested entity was not found.'),
  /** What every call answers for a Cloud project that has not enabled the Google Health API. */
  serviceDisabled: (projectNumber: string) =>
    apiError(
      403,
      'PERMISSION_DENIED',
      `Google Health API has not been used in project ${projectNumber} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/${SERVICE}/overview?project=${projectNumber} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
      'SERVICE_DISABLED',
      { consumer: `projects/${projectNumber}` },
    ),
  quotaExceeded: () =>
    apiError(
      429,
      'RESOURCE_EXHAUSTED',
      `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute per user' of service '${SERVICE}'.`,
      'RATE_LIMIT_EXCEEDED',
      { quota_limit: 'RequestsPerMinutePerUser', quota_metric: `${SERVICE}/requests` },
    ),
  backendError: () => apiError(500, 'INTERNAL', 'Internal error encountered.'),
};
