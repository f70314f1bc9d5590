import { use, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useServerStateSource } from './server-state-source';

/** Loaded lazily by `ServerState` (./server-state-source): the app's one query client, as TanStack Query's provider. */
export default function ServerStateBoundary({ children }: { children: ReactNode }) {
  const client = use(useServerStateSource().load());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
