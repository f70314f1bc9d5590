import { dailyStepsActivityLevel, sessionActivityLevel, workoutActivityLevel } from '@shared/activity-level';
import type { ActivityLevel, UnifiedActivity } from '@shared/schemas/activity';
import type { ConnectionSummary, LastIngest, SyncResponse } from '@shared/schemas/connections';
import type { ImportJob } from '@shared/schemas/import-jobs';
import type { HealthConnectionsApi } from '@/features/connections/api/health-connections-api';
import { ApiError } from '@/lib/api/api-error';
import { PROVIDER_NAMES } from '@/features/connections/utils/providers';
import type { DemoContext } from '@/lib/demo/demo-context';
import { finishedDemoImportJob } from '@/lib/demo/demo-import-jobs';
import { DEMO_USER } from '@/lib/demo/demo-user';

/** Spec health-connections §1: demo connect waits 1.5 s, then marks the provider connected. */
export const DEMO_HEALTH_CONNECT_DELAY_MS = 1500;

/** Which of Google Health and Apple Health the demo visitor has connected (tab storage, like demo mode itself). */
const DEMO_HEALTH_STORAGE_KEY = 'trailbuddy.demo.health';

export type DemoHealthProvider = 'google_health' | 'apple_health';

interface DemoHealthConnection {
  connectedAt: string;
  lastSyncAt: string | null;
}

type DemoHealthState = Partial<Record<DemoHealthProvider, DemoHealthConnection>>;

const IDENTITY: Record<DemoHealthProvider, { providerUserIdPrefix: string; scopes: string[] }> = {
  google_health: {
    providerUserIdPrefix: 'D3mQ7rT2',
    scopes: ['https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly'],
  },
  apple_health: {
    providerUserIdPrefix: 'A1F3C9E2',
    scopes: ['workouts', 'steps', 'distance', 'heart_rate', 'active_energy'],
  },
};

interface DemoWorkout {
  id: string;
  name: string;
  type: 'Walk' | 'Hike' | 'Swim' | 'Run';
  daysAgo: number;
  /** Local hour of day the workout started. */
  hour: number;
  distance: number;
  duration: number;
  calories: number;
  steps: number | null;
  heartRate: number | null;
  heartRateMax: number | null;
}

/** What a Vancouver walker, hiker and swimmer's phone would hold for the last two weeks. */
const WORKOUTS: Record<DemoHealthProvider, readonly DemoWorkout[]> = {
  google_health: [
    {
      id: 'gf-session-1001',
      name: 'Lunchtime Walk',
      type: 'Walk',
      daysAgo: 1,
      hour: 12,
      distance: 2_900,
      duration: 2_040,
      calories: 140,
      steps: 3_900,
      heartRate: 98,
      heartRateMax: 112,
    },
    {
      id: 'gf-steps-2026-day-2',
      name: 'Daily steps',
      type: 'Walk',
      daysAgo: 2,
      hour: 0,
      distance: 7_050,
      duration: 3_540,
      calories: 376,
      steps: 9_400,
      heartRate: null,
      heartRateMax: null,
    },
    {
      id: 'gf-session-1002',
      name: 'Baden-Powell Trail Hike',
      type: 'Hike',
      daysAgo: 4,
      hour: 9,
      distance: 11_200,
      duration: 14_400,
      calories: 1_020,
      steps: 15_800,
      heartRate: 118,
      heartRateMax: 149,
    },
    {
      id: 'gf-session-1003',
      name: 'Evening Walk',
      type: 'Walk',
      daysAgo: 9,
      hour: 19,
      distance: 3_400,
      duration: 2_700,
      calories: 165,
      steps: 4_600,
      heartRate: 95,
      heartRateMax: 108,
    },
  ],
  apple_health: [
    {
      id: 'hk-4f2a9c1e-swim',
      name: 'Kitsilano Pool Swim',
      type: 'Swim',
      daysAgo: 2,
      hour: 7,
      distance: 1_500,
      duration: 2_400,
      calories: 380,
      steps: null,
      heartRate: 128,
      heartRateMax: 151,
    },
    {
      id: 'hk-7b3d0e5a-walk',
      name: 'Morning Walk',
      type: 'Walk',
      daysAgo: 3,
      hour: 8,
      distance: 2_400,
      duration: 1_800,
      calories: 118,
      steps: 3_200,
      heartRate: 92,
      heartRateMax: 104,
    },
    {
      id: 'hk-9c8e1f2b-hike',
      name: 'Quarry Rock Hike',
      type: 'Hike',
      daysAgo: 6,
      hour: 10,
      distance: 8_300,
      duration: 10_800,
      calories: 690,
      steps: 11_900,
      heartRate: 121,
      heartRateMax: 158,
    },
    {
      id: 'hk-2a6f4d8c-run',
      name: 'Outdoor Run',
      type: 'Run',
      daysAgo: 11,
      hour: 6,
      distance: 6_200,
      duration: 2_100,
      calories: 455,
      steps: null,
      heartRate: 152,
      heartRateMax: 171,
    },
  ],
};

function startOf(workout: DemoWorkout, now: Date): Date {
  const start = new Date(now);
  start.setDate(start.getDate() - workout.daysAgo);
  start.setHours(workout.hour, 0, 0, 0);
  // An hour later than now today would be in the future: place it an hour before now.
  return start > now ? new Date(now.getTime() - 60 * 60 * 1000) : start;
}

/** Spec §9 levels by the server's own rules: Google Health exercises by duration, Apple workouts by intensity, step days by steps. */
function levelOf(provider: DemoHealthProvider, workout: DemoWorkout, averageSpeedMps: number): ActivityLevel {
  if (workout.name === 'Daily steps') return dailyStepsActivityLevel(workout.steps);
  if (provider === 'google_health') return sessionActivityLevel(workout.duration);
  return workoutActivityLevel({
    durationSeconds: workout.duration,
    averageSpeedMps,
    averageHeartRate: workout.heartRate,
  });
}

function toUnified(provider: DemoHealthProvider, workout: DemoWorkout, now: Date): UnifiedActivity {
  const averageSpeedMps = Math.round((workout.distance / workout.duration) * 1000) / 1000;
  return {
    user_id: DEMO_USER.id,
    provider_type: provider,
    provider_activity_id: workout.id,
    activity_type: workout.type,
    name: workout.name,
    start_time: startOf(workout, now).toISOString(),
    duration_seconds: workout.duration,
    distance_meters: workout.distance,
    calories_burned: workout.calories,
    steps: workout.steps,
    heart_rate_avg: workout.heartRate,
    heart_rate_max: workout.heartRateMax,
    activity_level: levelOf(provider, workout, averageSpeedMps),
    // Neither Google Health nor Apple Health sends elevation gain for these.
    elevation_gain_meters: null,
    average_speed_mps: averageSpeedMps,
    fetched_at: now.toISOString(),
  };
}

function readState(storage: Storage): DemoHealthState {
  try {
    const stored = JSON.parse(storage.getItem(DEMO_HEALTH_STORAGE_KEY) ?? 'null') as DemoHealthState | null;
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}

function writeState(storage: Storage, state: DemoHealthState): void {
  try {
    storage.setItem(DEMO_HEALTH_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage can be disabled (private mode); the change then lasts until the page reloads.
  }
}

/** What a first Shortcut run sends: the sample workouts, a week of steps, one repeat and one unreadable energy figure. */
function demoLastIngest(receivedAt: string): LastIngest {
  return {
    receivedAt,
    refused: null,
    accepted: { workouts: WORKOUTS.apple_health.length, stepDays: 7 },
    skipped: { duplicates: 1, notKept: 0 },
    problemCount: 1,
    problems: [
      {
        list: 'workouts',
        index: 2,
        kind: 'incomplete',
        field: 'totalEnergyBurned',
        message: 'totalEnergyBurned is not a number',
      },
    ],
  };
}

function summary(provider: DemoHealthProvider, connection: DemoHealthConnection): ConnectionSummary {
  return {
    provider,
    isActive: true,
    athleteFirstName: null,
    athleteLastName: null,
    ...IDENTITY[provider],
    connectedAt: connection.connectedAt,
    lastSyncAt: connection.lastSyncAt,
    ...(provider === 'apple_health' && {
      lastIngest: connection.lastSyncAt ? demoLastIngest(connection.lastSyncAt) : null,
    }),
  };
}

function connect({ now, storage }: DemoContext, provider: DemoHealthProvider): ConnectionSummary {
  const at = now().toISOString();
  const connection = { connectedAt: at, lastSyncAt: at };
  writeState(storage, { ...readState(storage), [provider]: connection });
  return summary(provider, connection);
}

/** The demo's Google Health and Apple Health connections, for the core client's connections(). */
export function demoHealthConnections({ storage }: DemoContext): ConnectionSummary[] {
  const state = readState(storage);
  return (['google_health', 'apple_health'] as const).flatMap((provider) => {
    const connection = state[provider];
    return connection ? [summary(provider, connection)] : [];
  });
}

/** The connected providers' sample workouts, for the core client's activities(). */
export function demoHealthActivities({ now, storage }: DemoContext): UnifiedActivity[] {
  const state = readState(storage);
  const current = now();
  return (['google_health', 'apple_health'] as const).flatMap((provider) =>
    state[provider] ? WORKOUTS[provider].map((workout) => toUnified(provider, workout, current)) : [],
  );
}

/** Like the server: a Google Health connect's 30-day import and the year's backfill queued after it, here finished. */
export function demoHealthImportJobs({ storage }: DemoContext): ImportJob[] {
  const connection = readState(storage).google_health;
  if (!connection) return [];
  const imported = WORKOUTS.google_health.length;
  const at = connection.connectedAt;
  return [
    finishedDemoImportJob('google_health', 'import', at, imported, { imported, updated: 0, days: 0 }),
    finishedDemoImportJob('google_health', 'backfill', at, 0, { imported: 0, updated: 0, days: 0 }),
  ];
}

export function disconnectDemoHealth({ storage }: DemoContext, provider: DemoHealthProvider): void {
  const { [provider]: _removed, ...rest } = readState(storage);
  writeState(storage, rest);
}

/** A demo sync: every sample workout is already known, so nothing is new and each one is refreshed. */
export function syncDemoHealth({ now, storage }: DemoContext, provider: DemoHealthProvider): SyncResponse {
  const state = readState(storage);
  const connection = state[provider];
  if (!connection) throw new ApiError(404, 'not_found', `Connect ${PROVIDER_NAMES[provider]} first.`);
  const lastSyncAt = now().toISOString();
  writeState(storage, { ...state, [provider]: { ...connection, lastSyncAt } });
  return { kind: 'synced', result: { provider, imported: 0, updated: WORKOUTS[provider].length, lastSyncAt } };
}

function demoToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `demo_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Google Health and Apple Health in demo mode: no Google, no Shortcut, just the spec's 1.5 s and sample data. */
export function createHealthConnectionsDemoApi(context: DemoContext): HealthConnectionsApi {
  const { now, origin, wait } = context;
  return {
    async googleAuthorizeUrl() {
      // No Google in demo mode: "authorizing" leads straight back to the health callback screen.
      const callback = new URL('/auth/health/callback', origin);
      callback.search = new URLSearchParams({
        provider: 'google_health',
        code: 'demo-code',
        state: 'demo-state',
        scope: IDENTITY.google_health.scopes.join(' '),
      }).toString();
      return { url: callback.toString() };
    },

    async connectGoogle() {
      await wait(DEMO_HEALTH_CONNECT_DELAY_MS);
      const connection = connect(context, 'google_health');
      const lastSyncAt = connection.lastSyncAt ?? now().toISOString();
      return {
        connection,
        sync: { provider: 'google_health', imported: WORKOUTS.google_health.length, updated: 0, lastSyncAt },
      };
    },

    async issueAppleIngestToken() {
      await wait(DEMO_HEALTH_CONNECT_DELAY_MS);
      return {
        connection: connect(context, 'apple_health'),
        token: demoToken(),
        ingestUrl: new URL('/api/apple/ingest', origin).toString(),
        shortcutUrl: null,
      };
    },

    async testAppleIngest() {
      // Nothing to reach in demo mode: the test answers as an empty export would.
      return { accepted: 0, duplicates: 0, rejected: [], receivedAt: now().toISOString() };
    },
  };
}
