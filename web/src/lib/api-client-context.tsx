import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api-client';

const ApiClientContext = createContext<ApiClient | null>(null);

/** Supplies the API client; the app passes the demo client in demo mode, so screens never branch on it. */
export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient must be used inside <ApiClientProvider>.');
  return client;
}
