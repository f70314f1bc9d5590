import { createCoreHttpApi, type ApiClient } from '@/lib/api-client';
import { createHttpTransport, type HttpApiClientOptions } from '@/lib/api/transport';
import { createAnalysisHttpApi } from '@/features/analysis/api/analysis-api';
import { createBillingHttpApi } from '@/features/billing/api/billing-api';
import { createHealthConnectionsHttpApi } from '@/features/connections/api/health-connections-api';
import { createFileImportHttpApi } from '@/features/file-import/api/file-import-api';
import { createModerationHttpApi } from '@/features/moderation/api/moderation-api';
import { createNotificationsHttpApi } from '@/features/notifications/api/notifications-api';
import { createPushHttpApi } from '@/features/profile/api/push-api';
import { createPartnersHttpApi } from '@/features/partners/api/partners-api';
import { createGroupActivitiesHttpApi } from '@/features/group-activities/api/group-activities-api';
import { createProfileHttpApi } from '@/features/profile/api/profile-api';
import { createSupportHttpApi } from '@/features/support/api/support-api';
import { createTripPlansHttpApi } from '@/features/trip-plans/api/trip-plans-api';

/**
 * The real API client (same origin): the core routes and every feature's API part over one transport. The app loads
 * it through the lazy client (app/lazy-api-client.ts); the demo client (app/demo-api-client.ts) is its twin.
 */
export function createHttpApiClient(options: HttpApiClientOptions): ApiClient {
  const transport = createHttpTransport(options);
  return {
    ...createCoreHttpApi(transport),
    ...createHealthConnectionsHttpApi(transport),
    ...createAnalysisHttpApi(transport),
    ...createProfileHttpApi(transport),
    ...createPartnersHttpApi(transport),
    ...createGroupActivitiesHttpApi(transport),
    ...createNotificationsHttpApi(transport),
    ...createPushHttpApi(transport),
    ...createModerationHttpApi(transport),
    ...createTripPlansHttpApi(transport),
    ...createFileImportHttpApi(transport),
    ...createBillingHttpApi(transport),
    ...createSupportHttpApi(transport),
  };
}
