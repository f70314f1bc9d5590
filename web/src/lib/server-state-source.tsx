import { createContext, lazy, useContext, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's query client, made when a screen first needs it: TanStack Query stays out of the public pages' initial
 * JavaScript (npm run check:budget), so nothing here imports it.
 */
export interface ServerStateSource {
  /** The client once made. */
  current: QueryClient | null;
  /** Makes the client on first call; the same promise after (React's `use` reads it at once once it has settled). */
  load: () => Promise<QueryClient>;
}

export function createServerStateSource(make: () => Promise<QueryClient>): ServerStateSource {
  let loading: Promise<QueryClient> | null = null;
  const source: ServerStateSource = {
    current: null,
    load: () =>
      (loading ??= make().then((client) => {
        source.current = client;
        return client;
      })),
  };
  return source;
}

/** A source whose client is made already (tests): no render suspends for it. */
export function madeServerStateSource(client: QueryClient): ServerStateSource {
  // React's `use` answers at once for a promise marked fulfilled.
  const made = Object.assign(Promise.resolve(client), { status: 'fulfilled', value: client });
  return { current: client, load: () => made };
}

const ServerStateSourceContext = createContext<ServerStateSource | null>(null);

export function ServerStateSourceProvider({ source, children }: { source: ServerStateSource; children: ReactNode }) {
  return <ServerStateSourceContext.Provider value={source}>{children}</ServerStateSourceContext.Provider>;
}

export function useServerStateSource(): ServerStateSource {
  const source = useContext(ServerStateSourceContext);
  if (!source) throw new Error('useServerStateSource must be used inside ServerStateSourceProvider');
  return source;
}

const Boundary = lazy(() => import('./server-state-boundary'));

/** Starts loading what `ServerState` needs, beside a screen's chunk rather than after it. */
export function preloadServerState(): Promise<unknown> {
  return import('./server-state-boundary');
}

/** Gives `children` the app's query client (suspending while it loads): wraps every part that reads server state. */
export function ServerState({ children }: { children: ReactNode }) {
  return <Boundary>{children}</Boundary>;
}
