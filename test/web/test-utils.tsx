import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import type { UnifiedActivity } from '@shared/schemas/activity';
import type { ConnectionSummary } from '@shared/schemas/connections';
import { DEFAULT_EMAIL_PREFERENCES } from '@shared/schemas/email';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { ToastProvider } from '@/components/toast';
import { SERVER_TRAITS, type ApiClient } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { AuthProvider, type AuthChange, type AuthService, type AuthUser } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { RuntimeConfigProvider } from '@/lib/runtime-config-context';
import type { RuntimeConfigSource } from '@/lib/runtime-config-source';
import { madeServerStateSource, ServerStateSourceProvider } from '@/lib/server-state-source';

export const TEST_CONFIG: RuntimeConfig = {
  mode: 'local',
  region: 'ca-central-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client-123',
  userPoolEndpoint: 'http://localhost:9229',
  apiBaseUrl: '/api',
};

export const SIGNED_IN_USER: AuthUser = { id: 'user-1', email: 'jordan.lee@example.com' };

export type FakeAuthService = {
  [K in keyof AuthService]: AuthService[K] extends (...args: infer A) => infer R
    ? ReturnType<typeof vi.fn<(...args: A) => R>>
    : AuthService[K];
} & { emit(change: AuthChange): void };

/**
 * An in-memory identity provider. `session`: the user at start, or 'pending' for a session read
 * that never finishes (auth still loading). Signing in succeeds as SIGNED_IN_USER unless overridden.
 */
export function createFakeAuthService(session: AuthUser | null | 'pending' = null): FakeAuthService {
  let user = session === 'pending' ? null : session;
  const listeners = new Set<(change: AuthChange) => void>();
  return {
    googleSignInConfigured: false,
    currentUser: vi.fn(() => (session === 'pending' ? new Promise<AuthUser | null>(() => {}) : Promise.resolve(user))),
    idToken: vi.fn(async () => (user ? 'id-token' : null)),
    signIn: vi.fn(async (email: string) => {
      user = { ...SIGNED_IN_USER, email };
      session = user;
      return 'signedIn' as const;
    }),
    signUp: vi.fn(async () => 'confirmSignUp' as const),
    confirmSignUp: vi.fn(async () => {}),
    resendSignUpCode: vi.fn(async () => {}),
    resetPassword: vi.fn(async () => {}),
    confirmResetPassword: vi.fn(async () => {}),
    updatePassword: vi.fn(async () => {}),
    updateEmail: vi.fn(async () => 'confirmCode' as const),
    confirmEmail: vi.fn(async () => {}),
    signInWithGoogle: vi.fn(async () => {}),
    signOut: vi.fn(async () => {
      user = null;
      session = null;
    }),
    deleteUser: vi.fn(async () => {
      user = null;
      session = null;
    }),
    subscribe: vi.fn((listener: (change: AuthChange) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    emit: (change) => listeners.forEach((listener) => listener(change)),
  };
}

/**
 * A fake API client: the common calls answer with empty data; any other call rejects, so a test that
 * reaches an unexpected route fails loudly. Pass `overrides` for what a test needs.
 */
export function createFakeApiClient(overrides: Partial<ApiClient> = {}): ApiClient {
  const defined: Partial<ApiClient> = {
    traits: SERVER_TRAITS,
    health: vi.fn(async () => ({ status: 'ok' as const, checkedAt: '2026-01-01T00:00:00.000Z', tables: [] })),
    me: vi.fn(async () => ({
      id: SIGNED_IN_USER.id,
      email: SIGNED_IN_USER.email,
      createdAt: '2025-06-01T12:00:00.000Z',
    })),
    connections: vi.fn(async () => ({ connections: [] })),
    stravaAuthorizeUrl: vi.fn(async () => ({ url: 'https://www.strava.com/oauth/authorize?client_id=1&state=signed' })),
    connectStrava: vi.fn(async () => {
      throw new Error('connectStrava was not expected in this test');
    }),
    disconnect: vi.fn(async () => {}),
    sync: vi.fn(async () => ({
      kind: 'synced' as const,
      result: { provider: 'strava' as const, imported: 0, updated: 0, lastSyncAt: '2026-01-01T00:00:00.000Z' },
    })),
    importJobs: vi.fn(async () => ({ jobs: [] })),
    fileImports: vi.fn(async () => ({ imports: [] })),
    stravaUsage: vi.fn(async () => ({
      rateLimited: false,
      remainingFifteenMin: 90,
      remainingDaily: 1000,
      minutesLeft: 15,
      message: '',
    })),
    activities: vi.fn(async () => ({ activities: [], nextCursor: null })),
    emailPreferences: vi.fn(async () => DEFAULT_EMAIL_PREFERENCES),
    ...overrides,
  };
  const unexpected = new Map<string, unknown>();
  return new Proxy(defined, {
    get(target, property) {
      if (typeof property !== 'string' || property in target) return Reflect.get(target, property);
      if (property === 'then') return undefined;
      if (!unexpected.has(property)) {
        unexpected.set(
          property,
          vi.fn(async () => {
            throw new Error(`${property} was not expected in this test`);
          }),
        );
      }
      return unexpected.get(property);
    },
  }) as ApiClient;
}

/** A connected Strava account as GET /api/connections describes it. */
export function stravaConnection(overrides: Partial<ConnectionSummary> = {}): ConnectionSummary {
  return {
    provider: 'strava',
    isActive: true,
    athleteFirstName: 'Maya',
    athleteLastName: 'Chen',
    providerUserIdPrefix: '12345678',
    scopes: ['read', 'activity:read', 'profile:read_all'],
    connectedAt: '2026-01-01T00:00:00.000Z',
    lastSyncAt: '2026-01-02T09:30:00.000Z',
    ...overrides,
  };
}

/** A unified activity with plausible defaults. */
export function activity(overrides: Partial<UnifiedActivity> = {}): UnifiedActivity {
  return {
    user_id: SIGNED_IN_USER.id,
    provider_type: 'strava',
    provider_activity_id: '1',
    activity_type: 'Run',
    name: 'Morning Run',
    start_time: '2026-01-02T07:00:00.000Z',
    duration_seconds: 1800,
    distance_meters: 5000,
    calories_burned: null,
    steps: null,
    heart_rate_avg: null,
    heart_rate_max: null,
    activity_level: 'active',
    elevation_gain_meters: 20,
    average_speed_mps: 2.78,
    fetched_at: '2026-01-02T08:00:00.000Z',
    ...overrides,
  };
}

export function TestProviders({
  service,
  apiClient = createFakeApiClient(),
  config = TEST_CONFIG,
  children,
}: {
  service: AuthService;
  /** A promise stands for a client still loading (demo mode's), as the app passes it. */
  apiClient?: ApiClient | Promise<ApiClient>;
  /** Loaded (TEST_CONFIG), or a source that loads it when first needed, as the public pages start. */
  config?: RuntimeConfig | RuntimeConfigSource;
  children: ReactNode;
}) {
  // A cache of its own for every render: no test sees what another read.
  const [serverState] = useState(() => madeServerStateSource(createQueryClient()));
  return (
    <RuntimeConfigProvider config={config}>
      <ToastProvider>
        <AuthProvider service={service}>
          <ServerStateSourceProvider source={serverState}>
            <QueryClientProvider client={serverState.current!}>
              <ApiClientProvider client={apiClient}>{children}</ApiClientProvider>
            </QueryClientProvider>
          </ServerStateSourceProvider>
        </AuthProvider>
      </ToastProvider>
    </RuntimeConfigProvider>
  );
}

/** Renders `routes` in a memory router at `path`, inside the app's providers. */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    service = createFakeAuthService(),
    apiClient,
    config,
  }: {
    path?: string;
    service?: AuthService;
    apiClient?: ApiClient | Promise<ApiClient>;
    config?: RuntimeConfig | RuntimeConfigSource;
  } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <TestProviders service={service} apiClient={apiClient} config={config}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, service };
}
