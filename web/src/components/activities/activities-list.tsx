import { useState } from 'react';
import type { ActivitiesResponse } from '@shared/schemas/connections';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { LoadMore } from '@/components/ui/load-more';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerListPages, type ListPages } from '@/lib/server-query';
import { ActivityCard, ActivityCardSkeleton } from './activity-card';
import { ActivityFiltersBar, DEFAULT_FILTERS, type ActivityFilters } from './activity-filters';
import { ApiUsageIndicator } from './api-usage-indicator';

/** Spec health-connections §9: the unified list loads 50 at a time. */
export const ACTIVITIES_PAGE_SIZE = 50;
const SKELETON_COUNT = 6;

const NOTHING_LISTED: ActivitiesResponse = { activities: [], nextCursor: null };

interface ActivitiesListProps {
  /** Whether any provider is connected; without one there is nothing to list. */
  connected: boolean;
  /** Show the Strava API-request indicator (when Strava is among the connections). */
  showApiUsage?: boolean;
}

/** The user's activities from every provider, with filters, sorting and paging, and the Strava API-request indicator. */
export function ActivitiesList({ connected, showApiUsage = true }: ActivitiesListProps) {
  const client = useApiClient();
  const [filters, setFilters] = useState<ActivityFilters>(DEFAULT_FILTERS);
  // A sync or a disconnect invalidates `queryKeys.activities.all`: the list reads again.
  const list = useServerListPages(
    queryKeys.activities.list(filters, connected),
    (cursor) =>
      connected
        ? client.activities({ ...filters, limit: ACTIVITIES_PAGE_SIZE, cursor })
        : Promise.resolve(NOTHING_LISTED),
    (shown, next) => ({ activities: [...shown.activities, ...next.activities], nextCursor: next.nextCursor }),
  );

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
          <ListBody list={list} />
        </>
      ) : (
        <p className="text-slate-600">Connect your Strava account to view your activities.</p>
      )}
    </section>
  );
}

function ListBody({ list }: { list: ListPages<ActivitiesResponse> }) {
  if (list.status === 'loading') {
    return (
      <div role="status" aria-label="Loading activities" className="grid gap-3 md:grid-cols-2">
        {Array.from({ length: SKELETON_COUNT }, (_, n) => (
          <ActivityCardSkeleton key={n} />
        ))}
      </div>
    );
  }
  if (list.status === 'error') {
    return (
      <div className="space-y-3">
        <FormMessage kind="error">{userMessage(list.error)}</FormMessage>
        <button type="button" onClick={list.reload} className={buttonStyles.secondary}>
          Try Again
        </button>
      </div>
    );
  }
  const { activities, nextCursor } = list.data;
  if (activities.length === 0) {
    return <p className="text-slate-600">No activities found. Try adjusting your filters or go for a run!</p>;
  }
  const now = new Date();
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2">
        {activities.map((activity) => (
          <li key={`${activity.provider_type}:${activity.provider_activity_id}`} className="min-w-0">
            <ActivityCard activity={activity} now={now} />
          </li>
        ))}
      </ul>
      <LoadMore
        more={list.more}
        nextCursor={nextCursor}
        onLoadMore={list.loadMore}
        failure="Could not load more activities. Please try again."
      />
    </>
  );
}
