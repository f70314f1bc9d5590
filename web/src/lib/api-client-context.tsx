import { createContext, use, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api-client';

const ApiClientContext = createContext<ApiClient | Promise<ApiClient> | null>(null);

/**
 * Supplies the API client; the app passes the demo client in demo mode, so screens never branch on it. A client
 * still loading (demo mode's, loaded when it starts) suspends the screens that use it, so the layout around them
 * stays on screen with the nearest Suspense fallback.
 */
export function ApiClientProvider({
  client,
  children,
}: {
  client: ApiClient | Promise<ApiClient>;
  children: ReactNode;
}) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient must be used inside <ApiClientProvider>.');
  return client instanceof Promise ? use(client) : client;
}
