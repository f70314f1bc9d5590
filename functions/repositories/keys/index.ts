/**
 * Key builders: the only place that knows how items are keyed, one file per entity. See the access-pattern
 * table in the README before adding one (test/functions/architecture/keys.test.ts keeps the two in step and fails
 * on a key literal anywhere else under functions/).
 */
import { activityKeys } from './activities';
import { connectionKeys } from './connections';
import { healthProbeKeys } from './health-probe';
import { importJobKeys } from './import-jobs';
import { oauthStateKeys } from './oauth-states';
import { reportKeys } from './reports';
import { syncRequestKeys } from './sync-requests';
import { userKeys } from './users';

/** The core entities' builders in one object (`keys.userProfile(…)`); the capabilities' own sets are exported below. */
export const keys = {
  ...userKeys,
  ...healthProbeKeys,
  ...oauthStateKeys,
  ...connectionKeys,
  ...importJobKeys,
  ...activityKeys,
  ...syncRequestKeys,
  ...reportKeys,
} as const;

export { ACTIVITY_SK_PREFIX, activityKeys } from './activities';
export { appleIngestKeys } from './apple-ingest-tokens';
export { billingKeys } from './billing';
export { connectionKeys } from './connections';
export { emailKeys } from './email';
export { FILE_CONTENT_SK_PREFIX, FILE_IMPORT_SK_PREFIX, fileImportKeys } from './file-imports';
export { groupActivityKeys } from './group-activities';
export { healthProbeKeys } from './health-probe';
export { idempotencyKeys } from './idempotency-records';
export { importJobKeys } from './import-jobs';
export { MESSAGE_SK_PREFIX, messageKeys } from './messages';
export { liveConnectionKeys } from './live-connections';
export { metricsKeys } from './metrics';
export { NOTIFICATION_SK_PREFIX, notificationKeys } from './notifications';
export { pushKeys } from './push';
export { oauthStateKeys } from './oauth-states';
export { ANY_PART, isPartnerIndexEntryKey, partnerIndexKeys } from './partner-index';
export { relationshipKeys } from './partner-relationships';
export { partnerRequestWindowKeys } from './partner-request-windows';
export { reportKeys } from './reports';
export { rideKeys } from './rides';
export { stravaRateLimitKeys } from './strava-rate-limits';
export { stravaWebhookKeys } from './strava-webhook-budget';
export { supportKeys } from './support';
export { syncRequestKeys } from './sync-requests';
export { tombstoneKeys } from './account-tombstones';
export { tripContactKeys } from './trip-contacts';
export { tripKeys } from './trip-plans';
export { userIdOfPartition, userKeys } from './users';
