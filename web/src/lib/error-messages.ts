import type { ErrorCode } from '@shared/error-codes';
import { ApiError } from './api/api-error';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const NO_ACCESS = 'You do not have access to this.';
const NOT_FOUND = 'We could not find what you were looking for.';
const TROUBLE = 'TrailBuddy is having trouble right now. Please try again in a moment.';
const UNREADABLE = 'TrailBuddy could not read that request. Please reload the page and try again.';

/**
 * What a person reads for each code of the server's catalogue (functions/shared/error-codes.ts): the app's own copy,
 * or `null` where the server's message already says what happened and what to do (it names the ride, the limit, the
 * field). A new code in the catalogue fails the typecheck here until it has its line. Only the type is imported, so
 * the public pages load no zod.
 */
const COPY: Record<ErrorCode, string | null> = {
  bad_request: null,
  invalid_json: UNREADABLE,
  validation_failed: null,
  unauthorized: SESSION_ENDED,
  forbidden: NO_ACCESS,
  account_suspended: null,
  email_not_verified: null,
  not_found: NOT_FOUND,
  conflict: null,
  payload_too_large: null,
  body_too_deep: UNREADABLE,
  invalid_cursor: null,
  rate_limited: null,
  internal_error: TROUBLE,
  invalid_idempotency_key: TROUBLE,
  idempotency_key_reused: TROUBLE,
  activity_cancelled: null,
  activity_full: null,
  activity_started: null,
  already_booked: null,
  own_ride: null,
  full: null,
  rides_changed: null,
  self: null,
  profile_incomplete: null,
  already_joined: null,
  already_late: null,
  already_offered: null,
  already_partners: null,
  already_requested: null,
  blocked: null,
  cannot_report_self: null,
  concurrent_update: null,
  no_ride: null,
  not_bookable: null,
  not_participant: null,
  organizer_cannot_leave: null,
  own_request: null,
  request_exists: null,
  ride_exists: null,
  state_changed: null,
  message_quota_exceeded: null,
  // Billing: the server's messages say it (already Premium; subscribe first). Only Stripe calls the webhook.
  already_premium: null,
  no_billing_account: null,
  invalid_signature: UNREADABLE,
  premium_required: null,
  trip_plan_invalid: null,
  trip_plan_closed: null,
  trip_plan_changed: null,
  link_expired: null,
  contact_opted_out: null,
  trip_plan_limit: null,
  trip_contact_limit: null,
  invalid_code: null,
  state_used: null,
  state_invalid: null,
  state_wrong_user: null,
  state_expired: null,
  missing_permission: null,
  missing_activity_scope: null,
  unsupported_provider: null,
  unsupported_health_data: null,
  too_many_entries: null,
  strava_exchange_failed: TROUBLE,
  strava_at_capacity: null,
  strava_reconnect_required: null,
  strava_network_error: TROUBLE,
  strava_sync_failed: TROUBLE,
  google_connect_failed: TROUBLE,
  google_reconnect_required: null,
  google_network_error: TROUBLE,
  google_refresh_failed: TROUBLE,
  google_health_api_unavailable: TROUBLE,
  google_health_api_error: TROUBLE,
  google_sync_failed: TROUBLE,
};

const isCatalogued = (code: string): code is ErrorCode => Object.hasOwn(COPY, code);

/** When the code is not the server's (the transport's own, or an older server's): by status. */
function byStatus(error: ApiError): string {
  if (error.status === 401) return SESSION_ENDED;
  if (error.status === 403) return NO_ACCESS;
  if (error.status === 404) return NOT_FOUND;
  if (error.status >= 500) return TROUBLE;
  return error.message;
}

/**
 * The language's own errors are bugs, not news for the person: their text ("i(...).find is not a function") is for the
 * console. Errors the app throws on purpose (Error with its copy, ApiError, the auth service's) keep their message.
 */
function isProgrammingError(error: Error): boolean {
  return (
    error instanceof TypeError ||
    error instanceof ReferenceError ||
    error instanceof SyntaxError ||
    error instanceof RangeError
  );
}

/** One place that turns any thrown value into copy a person can act on. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (!isCatalogued(error.code)) return byStatus(error);
    return COPY[error.code] ?? error.message;
  }
  if (error instanceof Error && error.message && !isProgrammingError(error)) return error.message;
  return 'Something went wrong. Please try again.';
}
