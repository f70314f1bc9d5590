import type { UnifiedActivity } from '@shared/schemas/activity';
import { filterAndSortActivities, pageAt } from '@shared/activity-list';
import type { ConnectionSummary } from '@shared/schemas/connections';
import { TABLE_IDS } from '@shared/tables';
import type { ActivitiesParams, ApiClient, CoreApi } from '@/lib/api-client';
import { ApiError } from '@/lib/api/api-error';
import { createAnalysisDemoApi } from '@/features/analysis/demo/analysis-demo';
import { answersInOwnTasks } from '@/lib/demo/answers-in-own-tasks';
import type { DemoContext } from '@/lib/demo/demo-context';
import {
  createHealthConnectionsDemoApi,
  demoHealthActivities,
  demoHealthConnections,
  demoHealthImportJobs,
  disconnectDemoHealth,
  syncDemoHealth,
} from '@/features/connections/demo/health-connections-demo';
import { createNotificationsDemoApi } from '@/features/notifications/demo/notifications-demo';
import { createPushDemoApi } from '@/features/profile/demo/push-demo';
import type { BillingApi } from '@/features/billing/api/billing-api';
import type { SupportApi } from '@/features/support/api/support-api';
import type { FileImportApi } from '@/features/file-import/api/file-import-api';
import type { PartnersApi } from '@/features/partners/api/partners-api';
import type { GroupActivitiesApi } from '@/features/group-activities/api/group-activities-api';
import type { ProfileApi } from '@/features/profile/api/profile-api';
import type { ModerationApi } from '@/features/moderation/api/moderation-api';
import type { TripPlansApi } from '@/features/trip-plans/api/trip-plans-api';
import { lazyDemoArea } from '@/lib/demo/lazy-demo-area';
import { DEMO_TRAITS } from '@/lib/demo/demo-traits';
import { DEMO_USER } from '@/lib/demo/demo-user';
import { finishedDemoImportJob } from '@/lib/demo/demo-import-jobs';

/** Spec health-connections §1: demo connect waits 1.5 s, then marks Strava connected. */
export const DEMO_CONNECT_DELAY_MS = 1500;

/** Demo mode starts connected; a disconnect is remembered for the tab, like demo mode itself. */
const DEMO_STRAVA_STORAGE_KEY = 'trailbuddy.demo.strava';

export type DemoApiClientOptions = Partial<DemoContext>;

interface DemoStravaState {
  connected: boolean;
  connectedAt: string;
  lastSyncAt: string | null;
}

/** The API as demo mode sees it: answered in the browser from sample data, never by a server. */
export function createDemoApiClient({
  now = () => new Date(),
  origin = window.location.origin,
  storage = window.sessionStorage,
  wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: DemoApiClientOptions = {}): ApiClient {
  const context: DemoContext = { now, origin, storage, wait };
  return answersInOwnTasks<ApiClient>(
    {
      ...createCoreDemoApi(context),
      ...createHealthConnectionsDemoApi(context),
      ...createAnalysisDemoApi(context),
      ...createNotificationsDemoApi(context),
      ...createPushDemoApi(),
      ...createLazyDemoAreas(context),
    },
    () => wait(0),
  );
}

/** The areas a screen may not need, each loaded (with its sample data and schemas) on its first call. */
function createLazyDemoAreas(
  context: DemoContext,
): ProfileApi &
  PartnersApi &
  GroupActivitiesApi &
  ModerationApi &
  TripPlansApi &
  FileImportApi &
  BillingApi &
  SupportApi {
  const profile = lazyDemoArea<ProfileApi>(
    { profile: true, updateProfile: true, deleteAccount: true, exportMyData: true },
    async () => (await import('@/features/profile/demo/profile-demo')).createProfileDemoApi(context),
  );
  const partners = lazyDemoArea<PartnersApi>(
    {
      searchPartners: true,
      partnerProfile: true,
      partnerConnections: true,
      connectPartner: true,
      acceptPartner: true,
      declinePartner: true,
      blockMember: true,
      unblockMember: true,
      conversations: true,
      conversationMessages: true,
      sendMessage: true,
      markConversationRead: true,
    },
    async () => (await import('@/features/partners/demo/partners-demo')).createPartnersDemoApi(context),
  );
  const plan = lazyDemoArea<GroupActivitiesApi>(
    {
      createGroupActivity: true,
      nearbyGroupActivities: true,
      myGroupActivities: true,
      groupActivity: true,
      updateGroupActivity: true,
      cancelGroupActivity: true,
      joinGroupActivity: true,
      leaveGroupActivity: true,
      removeParticipant: true,
      activityRides: true,
      offerRide: true,
      withdrawRide: true,
      bookRide: true,
      cancelRideBooking: true,
      requestRide: true,
      withdrawRideRequest: true,
      offerRideToRequest: true,
      myRides: true,
    },
    async () =>
      (await import('@/features/group-activities/demo/group-activities-demo')).createGroupActivitiesDemoApi(context),
  );
  const safety = lazyDemoArea<ModerationApi>(
    { report: true, moderationReports: true, moderationAction: true },
    async () => (await import('@/features/moderation/demo/moderation-demo')).createModerationDemoApi(context),
  );
  const tripPlans = lazyDemoArea<TripPlansApi>(
    {
      fileTripPlan: true,
      myTripPlans: true,
      tripPlan: true,
      checkInTripPlan: true,
      sharedTripPlan: true,
      tripContactStop: true,
      confirmTripContactStop: true,
      emailPreferences: true,
      updateEmailPreferences: true,
      unsubscribe: true,
    },
    async () => (await import('@/features/trip-plans/demo/trip-plans-demo')).createTripPlansDemoApi(context),
  );
  const fileImport = lazyDemoArea<FileImportApi>(
    { fileImports: true, sendFileImportBatch: true, deleteFileImport: true, deleteAllFileImports: true },
    async () => (await import('@/features/file-import/demo/file-import-demo')).createFileImportDemoApi(context),
  );
  const billing = lazyDemoArea<BillingApi>({ billing: true, startCheckout: true, openBillingPortal: true }, async () =>
    (await import('@/features/billing/demo/billing-demo')).createBillingDemoApi(context),
  );
  // Priority as the server gives it: from the demo member's plan.
  const support = lazyDemoArea<SupportApi>({ requestSupport: true }, async () =>
    (await import('@/features/support/demo/support-demo')).createSupportDemoApi(
      context,
      async () => (await billing.billing()).plan === 'premium',
    ),
  );
  return { ...profile, ...partners, ...plan, ...safety, ...tripPlans, ...fileImport, ...billing, ...support };
}

function createCoreDemoApi(context: DemoContext): CoreApi {
  const { now, origin, storage, wait } = context;
  // Sample data loads on first use, so it never weighs on the landing or login page.
  const loadStrava = () => import('@/lib/demo/demo-strava');

  function readState(): DemoStravaState {
    const fallback: DemoStravaState = {
      connected: true,
      connectedAt: DEMO_USER.createdAt,
      lastSyncAt: now().toISOString(),
    };
    try {
      const stored = storage.getItem(DEMO_STRAVA_STORAGE_KEY);
      return stored ? { ...fallback, ...(JSON.parse(stored) as Partial<DemoStravaState>) } : fallback;
    } catch {
      return fallback;
    }
  }

  function writeState(state: DemoStravaState) {
    try {
      storage.setItem(DEMO_STRAVA_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage can be disabled (private mode); the change then lasts until the page reloads.
    }
  }

  async function stravaSummary(state: DemoStravaState): Promise<ConnectionSummary> {
    const { DEMO_ATHLETE } = await loadStrava();
    return {
      provider: 'strava',
      isActive: true,
      athleteFirstName: DEMO_ATHLETE.firstname,
      athleteLastName: DEMO_ATHLETE.lastname,
      providerUserIdPrefix: String(DEMO_ATHLETE.id).slice(0, 8),
      scopes: ['read', 'activity:read', 'profile:read_all'],
      connectedAt: state.connectedAt,
      lastSyncAt: state.lastSyncAt,
    };
  }

  async function connectedActivities(): Promise<UnifiedActivity[]> {
    const health = demoHealthActivities(context);
    if (!readState().connected) return health;
    const { demoActivities } = await loadStrava();
    return [...demoActivities(now()), ...health];
  }

  return {
    traits: DEMO_TRAITS,

    async health() {
      // Demo mode has no database; say so rather than pretend the tables answered.
      return {
        status: 'degraded',
        checkedAt: now().toISOString(),
        tables: TABLE_IDS.map((table) => ({
          table,
          reachable: false,
          latencyMs: 0,
          error: 'Demo mode does not connect to a database.',
        })),
      };
    },

    async me() {
      return { id: DEMO_USER.id, email: DEMO_USER.email, createdAt: DEMO_USER.createdAt };
    },

    async connections() {
      const state = readState();
      return {
        connections: [...(state.connected ? [await stravaSummary(state)] : []), ...demoHealthConnections(context)],
      };
    },

    async stravaAuthorizeUrl() {
      // No Strava in demo mode: "authorizing" leads straight back to the callback screen.
      const callback = new URL('/auth/strava/callback', origin);
      callback.search = new URLSearchParams({
        code: 'demo-code',
        state: 'demo-state',
        scope: 'read,activity:read,profile:read_all',
      }).toString();
      return { url: callback.toString() };
    },

    async connectStrava() {
      await wait(DEMO_CONNECT_DELAY_MS);
      const at = now().toISOString();
      const state: DemoStravaState = { connected: true, connectedAt: at, lastSyncAt: at };
      writeState(state);
      const { demoActivities } = await loadStrava();
      return {
        connection: await stravaSummary(state),
        sync: { provider: 'strava', imported: demoActivities(now()).length, updated: 0, lastSyncAt: at },
      };
    },

    async disconnect(provider) {
      if (provider !== 'strava') return disconnectDemoHealth(context, provider);
      writeState({ ...readState(), connected: false, lastSyncAt: null });
    },

    async sync(provider) {
      if (provider !== 'strava') return syncDemoHealth(context, provider);
      const state = readState();
      if (!state.connected) throw new ApiError(404, 'not_found', 'Connect your Strava account first.');
      const lastSyncAt = now().toISOString();
      writeState({ ...state, lastSyncAt });
      // The sample activities are all known already: nothing new, every one refreshed.
      const known = await connectedActivities();
      // Like the server: a background import job (202), here already finished — nothing new, every one refreshed.
      return {
        kind: 'queued',
        job: finishedDemoImportJob('strava', 'import', lastSyncAt, known.length, {
          imported: 0,
          updated: known.length,
          days: 0,
        }),
      };
    },

    async importJobs() {
      // Demo mode: the connect-time import and the year's backfill have finished, shaped as the server sends them.
      const state = readState();
      const health = demoHealthImportJobs(context);
      if (!state.connected) return { jobs: health };
      const count = (await connectedActivities()).length;
      // The backfill brought the year before the detailed activities in as daily totals: one workout a day at most.
      const historyDays = (await loadStrava()).demoActivityHistory(now()).length;
      const at = state.connectedAt ?? now().toISOString();
      return {
        jobs: [
          finishedDemoImportJob('strava', 'import', at, count, { imported: count, updated: 0, days: 0 }),
          finishedDemoImportJob('strava', 'backfill', at, historyDays, { imported: 0, updated: 0, days: historyDays }),
          ...health,
        ],
      };
    },

    async stravaUsage() {
      const current = now();
      const minutesLeft = 15 - (current.getUTCMinutes() % 15);
      return { rateLimited: false, remainingFifteenMin: 87, remainingDaily: 962, minutesLeft, message: '' };
    },

    async activities(params: ActivitiesParams = {}) {
      return pageOf(await connectedActivities(), params);
    },
  };
}

/** Filters, sorts and pages by the server's rules (functions/shared/activity-list.ts); the cursor is the offset of the next page. */
function pageOf(
  all: UnifiedActivity[],
  { type = 'all', sort = 'date', order = 'desc', cursor, limit = 50 }: ActivitiesParams,
) {
  const offset = cursor ? Number.parseInt(cursor, 10) || 0 : 0;
  const page = pageAt(filterAndSortActivities(all, { type, sort, order }), offset, limit);
  return { activities: page.items, nextCursor: page.nextOffset === null ? null : String(page.nextOffset) };
}
