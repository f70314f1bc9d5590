import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one cache of server state, with the defaults every screen relies on: a failed read shows its error (and
 * the screen's "Try again") at once instead of retrying behind a spinner; a read refreshes on mount, on an invalidation
 * after a change, or on its own `refetchInterval`, never because the window regained focus or the network came back;
 * and polling pauses while the tab is hidden (`refetchIntervalInBackground: false`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchIntervalInBackground: false,
      },
      mutations: { retry: false },
    },
  });
}
