/**
 * Every `error.code` the API can answer (`{ error: { code, message } }`). Server errors take their code from this list
 * (functions/lib/errors.ts types it), and the web reads it from here instead of matching codes with patterns.
 */
export const ERROR_CODES = [
  // Any route
  'bad_request',
  'invalid_json',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'account_suspended',
  'email_not_verified',
  'not_found',
  'conflict',
  'payload_too_large',
  'body_too_deep',
  'invalid_cursor',
  'rate_limited',
  'internal_error',
  'invalid_idempotency_key',
  'idempotency_key_reused',
  // Rides, group activities, partners, reports
  'activity_cancelled',
  'activity_full',
  'activity_started',
  'already_booked',
  'own_ride',
  'full',
  'rides_changed',
  'self',
  'profile_incomplete',
  'already_joined',
  'already_late',
  'already_offered',
  'already_partners',
  'already_requested',
  'blocked',
  'cannot_report_self',
  'concurrent_update',
  'no_ride',
  'not_bookable',
  'not_participant',
  'organizer_cannot_leave',
  'own_request',
  'request_exists',
  'ride_exists',
  'state_changed',
  // Messages
  'message_quota_exceeded',
  // Billing
  'already_premium',
  'no_billing_account',
  'invalid_signature',
  'premium_required',
  // Trip plans
  'trip_plan_invalid',
  'trip_plan_closed',
  'trip_plan_changed',
  'link_expired',
  'contact_opted_out',
  'trip_plan_limit',
  'trip_contact_limit',
  // Connections and imports
  'invalid_code',
  'state_used',
  'state_invalid',
  'state_wrong_user',
  'state_expired',
  'missing_permission',
  'missing_activity_scope',
  'unsupported_provider',
  'unsupported_health_data',
  'too_many_entries',
  'strava_exchange_failed',
  'strava_at_capacity',
  'strava_reconnect_required',
  'strava_network_error',
  'strava_sync_failed',
  'google_connect_failed',
  'google_reconnect_required',
  'google_network_error',
  'google_refresh_failed',
  'google_health_api_unavailable',
  'google_health_api_error',
  'google_sync_failed',
] as const;

/** Zod-free (a type, not a schema): the web's connection screens read these lists on the demo dashboard. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Sync failures the user fixes by reconnecting the provider (spec health-connections §8). */
export const RECONNECT_ERROR_CODES: readonly ErrorCode[] = ['strava_reconnect_required', 'google_reconnect_required'];
/** Sync failures of the network (spec health-connections §8: "Network error while syncing …"). */
export const NETWORK_ERROR_CODES: readonly ErrorCode[] = ['strava_network_error', 'google_network_error'];
