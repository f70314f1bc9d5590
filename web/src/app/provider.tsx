import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { ToastProvider } from '@/components/toast';
import type { ApiClient } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { AuthProvider, useAuth, type AuthService } from '@/lib/auth';
import { createLazyHttpApiClient } from '@/app/lazy-api-client';
import { RuntimeConfigProvider, useRuntimeConfigSource } from '@/lib/runtime-config-context';
import type { RuntimeConfigSource } from '@/lib/runtime-config-source';
import { createServerStateSource, ServerStateSourceProvider, useServerStateSource } from '@/lib/server-state-source';
import { BootError } from './boot-error';

interface AppProvidersProps {
  /** Loaded, or loaded when first needed (the public pages hydrate without it). */
  config: RuntimeConfig | RuntimeConfigSource;
  authService: AuthService;
  children: ReactNode;
}

/**
 * Everything screens read from context: config, toasts, auth, the API client for the current mode, and the one
 * query client (TanStack Query) that caches what they read, made when a screen first reads server state.
 */
export function AppProviders({ config, authService, children }: AppProvidersProps) {
  const [serverState] = useState(() =>
    createServerStateSource(async () => (await import('@/lib/query-client')).createQueryClient()),
  );
  return (
    <RuntimeConfigProvider config={config}>
      <ToastProvider>
        <Session authService={authService}>
          {(httpClient) => (
            <ServerStateSourceProvider source={serverState}>
              <ModeApiClient httpClient={httpClient}>{children}</ModeApiClient>
            </ServerStateSourceProvider>
          )}
        </Session>
      </ToastProvider>
    </RuntimeConfigProvider>
  );
}

/**
 * Auth, and the HTTP API client that carries its token. Signing out first stops this browser's push notifications
 * (loaded only then), so the next person at a shared computer never gets the last one's.
 */
function Session({
  authService,
  children,
}: {
  authService: AuthService;
  children: (httpClient: ApiClient) => ReactNode;
}) {
  const configSource = useRuntimeConfigSource();
  // Loaded on the first API call, with the config: signed-out public pages load neither.
  const httpClient = useMemo(
    () =>
      createLazyHttpApiClient({
        baseUrl: async () => (await configSource.load()).apiBaseUrl,
        getIdToken: () => authService.idToken(),
      }),
    [configSource, authService],
  );
  const beforeSignOut = useCallback(async () => {
    const checkIns = await import('@/features/trip-plans/offline/pending-check-ins');
    // A kept "We're back" gets a last try while the person's token still works; what is still kept then leaves with them.
    const userId = await authService.currentUser().then(
      (user) => user?.id ?? null,
      () => null,
    );
    if (userId) await checkIns.deliverPendingCheckIns(httpClient, userId).catch(() => undefined);
    await forgetPersonOnThisBrowser(httpClient);
  }, [httpClient, authService]);
  // A deleted account's kept check-ins have no trip plan left to reach: nothing is sent, everything is forgotten.
  const afterAccountDeleted = useCallback(() => forgetPersonOnThisBrowser(httpClient), [httpClient]);
  return (
    <AuthProvider service={authService} beforeSignOut={beforeSignOut} afterAccountDeleted={afterAccountDeleted}>
      {children(httpClient)}
    </AuthProvider>
  );
}

/**
 * What this browser kept for the person leaves with them: "We're back" check-ins not sent yet, the trip plans kept for
 * reading offline, and the push subscription. The modules load only then: the public pages never download them.
 */
async function forgetPersonOnThisBrowser(client: ApiClient): Promise<void> {
  const [{ forgetThisDevicePush }, checkIns, savedPlans] = await Promise.all([
    import('@/features/profile/push/forget-this-device'),
    import('@/features/trip-plans/offline/pending-check-ins'),
    import('@/features/trip-plans/offline/saved-trip-plans'),
  ]);
  checkIns.forgetAllPendingCheckIns();
  savedPlans.forgetSavedTripPlans();
  await forgetThisDevicePush(client);
}

/** Demo mode swaps in the in-browser client here, once, so screens never branch on it. */
function ModeApiClient({ httpClient, children }: { httpClient: ApiClient; children: ReactNode }) {
  const { isDemo, user } = useAuth();
  const serverState = useServerStateSource();
  const { demoClient, demoFailed } = useDemoApiClient(isDemo);
  const client = demoClient ?? httpClient;
  // What was read for one person (or the demo) is never shown to the next: signing out or into demo mode empties the cache.
  const userId = user?.id ?? null;
  useEffect(() => () => serverState.current?.clear(), [serverState, client, userId]);
  useKeptCheckInsSent(isDemo ? null : httpClient, userId);
  if (demoFailed) return <BootError message="Demo mode failed to load. Check your connection and try again." />;
  // While the demo client loads, screens that call the API suspend inside the layout (header and page frame stay).
  return <ApiClientProvider client={client}>{children}</ApiClientProvider>;
}

/**
 * The in-browser demo client, loaded and made only once demo mode is on: the public pages never download it
 * (npm run check:budget), and the prerendered pages render at build time, where there is no browser storage.
 * Always the promise of it (screens read it with `use`, which answers at once after it has loaded).
 */
function useDemoApiClient(isDemo: boolean): { demoClient: Promise<ApiClient> | null; demoFailed: boolean } {
  const loading = useMemo(
    () => (isDemo ? import('@/app/demo-api-client').then((demo) => demo.createDemoApiClient()) : null),
    [isDemo],
  );
  const [failedLoad, setFailedLoad] = useState<Promise<ApiClient> | null>(null);
  useEffect(() => {
    if (!loading) return;
    let current = true;
    loading.catch(() => current && setFailedLoad(loading));
    return () => {
      current = false;
    };
  }, [loading]);
  return { demoClient: loading, demoFailed: loading !== null && failedLoad === loading };
}

/**
 * A "We're back" kept while offline is sent when the app opens signed in and whenever the device comes back online
 * (the browser's `online` event). The module loads only then: the public pages never download it.
 */
function useKeptCheckInsSent(client: ApiClient | null, userId: string | null): void {
  useEffect(() => {
    if (!client || !userId) return;
    let current = true;
    const send = () =>
      void import('@/features/trip-plans/offline/pending-check-ins').then(async (checkIns) => {
        if (current) await checkIns.deliverPendingCheckIns(client, userId);
      });
    send();
    window.addEventListener('online', send);
    return () => {
      current = false;
      window.removeEventListener('online', send);
    };
  }, [client, userId]);
}
