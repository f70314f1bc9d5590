import { startTransition, useEffect, useRef, useState } from 'react';
import { useChanged } from '@/lib/use-changed';
import type { UnifiedActivity } from '@shared/schemas/activity';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { ActivityCard, ActivityCardSkeleton } from './activity-card';
import { ActivityFiltersBar, DEFAULT_FILTERS, type ActivityFilters } from './activity-filters';
import { ApiUsageIndicator } from './api-usage-indicator';

/** Spec health-connections §9: the unified list loads 50 at a time. */
export const ACTIVITIES_PAGE_SIZE = 50;
const SKELETON_COUNT = 6;

type ListState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; activities: UnifiedActivity[]; nextCursor: string | null; more: 'idle' | 'loading' | 'error' };

interface ActivitiesListProps {
  /** Whether any provider is connected; without one there is nothing to list. */
  connected: boolean;
  /** Show the Strava API-request indicator (when Strava is among the connections). */
  showApiUsage?: boolean;
  /** Changes when the activities may have changed (a sync, a disconnect), to reload the list. */
  refreshKey?: number;
}

/** The user's activities from every provider, with filters, sorting and paging, and the Strava API-request indicator. */
export function ActivitiesList({ connected, showApiUsage = true, refreshKey = 0 }: ActivitiesListProps) {
  const client = useApiClient();
  const [filters, setFilters] = useState<ActivityFilters>(DEFAULT_FILTERS);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Only the newest request may write the list (filters can change while a page is loading).
  const latestRequest = useRef(0);
  if (useChanged([client, connected, filters, refreshKey, attempt]) && connected) setState({ status: 'loading' });

  useEffect(() => {
    if (!connected) return;
    const ticket = ++latestRequest.current;
    client.activities({ ...filters, limit: ACTIVITIES_PAGE_SIZE }).then(
      ({ activities, nextCursor }) =>
        ticket === latestRequest.current &&
        startTransition(() => setState({ status: 'ready', activities, nextCursor, more: 'idle' })),
      (error: unknown) => ticket === latestRequest.current && setState({ status: 'error', error }),
    );
  }, [client, connected, filters, refreshKey, attempt]);

  const loadMore = () => {
    if (state.status !== 'ready' || !state.nextCursor) return;
    const ticket = latestRequest.current;
    setState({ ...state, more: 'loading' });
    client.activities({ ...filters, limit: ACTIVITIES_PAGE_SIZE, cursor: state.nextCursor }).then(
      (page) =>
        ticket === latestRequest.current &&
        setState((previous) =>
          previous.status === 'ready'
            ? {
                status: 'ready',
                activities: [...previous.activities, ...page.activities],
                nextCursor: page.nextCursor,
                more: 'idle',
              }
            : previous,
        ),
      () =>
        ticket === latestRequest.current &&
        setState((previous) => (previous.status === 'ready' ? { ...previous, more: 'error' } : previous)),
    );
  };

  return (
    <section
      aria-labelledby="activities-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="activities-heading" className="text-lg font-semibold text-slate-900">
          Your Activities
        </h2>
        {connected && showApiUsage && <ApiUsageIndicator />}
      </div>
      {connected ? (
        <>
          <ActivityFiltersBar value={filters} onChange={setFilters} />
          <ListBody state={state} onRetry={() => setAttempt((n) => n + 1)} onLoadMore={loadMore} />
        </>
      ) : (
        <p className="text-slate-600">Connect your Strava account to view your activities.</p>
      )}
    </section>
  );
}

function ListBody({ state, onRetry, onLoadMore }: { state: ListState; onRetry(): void; onLoadMore(): void }) {
  if (state.status === 'loading') {
    return (
      <div role="status" aria-label="Loading activities" className="grid gap-3 md:grid-cols-2">
        {Array.from({ length: SKELETON_COUNT }, (_, n) => (
          <ActivityCardSkeleton key={n} />
        ))}
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="space-y-3">
        <FormMessage kind="error">{userMessage(state.error)}</FormMessage>
        <button type="button" onClick={onRetry} className={buttonStyles.secondary}>
          Try Again
        </button>
      </div>
    );
  }
  if (state.activities.length === 0) {
    return <p className="text-slate-600">No activities found. Try adjusting your filters or go for a run!</p>;
  }
  const now = new Date();
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2">
        {state.activities.map((activity) => (
          <li key={`${activity.provider_type}:${activity.provider_activity_id}`} className="min-w-0">
            <ActivityCard activity={activity} now={now} />
          </li>
        ))}
      </ul>
      {state.more === 'error' && (
        <FormMessage kind="error">Could not load more activities. Please try again.</FormMessage>
      )}
      {state.nextCursor && (
        <div className="flex justify-center">
          <button
            type="button"
            onClick={onLoadMore}
            disabled={state.more === 'loading'}
            className={buttonStyles.secondary}
          >
            {state.more === 'loading' ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
