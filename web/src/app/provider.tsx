import { useMemo, type ReactNode } from 'react';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { ToastProvider } from '@/components/toast';
import { createHttpApiClient } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { AuthProvider, useAuth, type AuthService } from '@/lib/auth';
import { createDemoApiClient } from '@/lib/demo/demo-api-client';
import { RuntimeConfigProvider } from '@/lib/runtime-config-context';

interface AppProvidersProps {
  config: RuntimeConfig;
  authService: AuthService;
  children: ReactNode;
}

/** Everything screens read from context: config, toasts, auth, and the API client for the current mode. */
export function AppProviders({ config, authService, children }: AppProvidersProps) {
  return (
    <RuntimeConfigProvider config={config}>
      <ToastProvider>
        <AuthProvider service={authService}>
          <ModeApiClient config={config} authService={authService}>
            {children}
          </ModeApiClient>
        </AuthProvider>
      </ToastProvider>
    </RuntimeConfigProvider>
  );
}

/** Demo mode swaps in the in-browser client here, once, so screens never branch on it. */
function ModeApiClient({ config, authService, children }: AppProvidersProps) {
  const { isDemo } = useAuth();
  const httpClient = useMemo(
    () => createHttpApiClient({ baseUrl: config.apiBaseUrl, getIdToken: () => authService.idToken() }),
    [config.apiBaseUrl, authService],
  );
  // Made only once demo mode is on (it reads browser storage, and the prerendered pages render without a browser).
  const demoClient = useMemo(() => (isDemo ? createDemoApiClient() : null), [isDemo]);
  return <ApiClientProvider client={demoClient ?? httpClient}>{children}</ApiClientProvider>;
}
