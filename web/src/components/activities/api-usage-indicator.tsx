import { useQuery } from '@tanstack/react-query';
import type { StravaUsageResponse } from '@shared/schemas/connections';
import { useApiClient } from '@/lib/api-client-context';
import { useFallbackPoll } from '@/lib/live/live-status';
import { queryKeys } from '@/lib/query-keys';

/** Spec health-connections §9: the API indicator refreshes every 5 s. */
export const USAGE_REFRESH_MS = 5000;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Remaining Strava requests and minutes left in the window, or the server's rate-limit message. */
export function usageText(usage: StravaUsageResponse): string {
  if (usage.rateLimited) return usage.message || `Rate limited - try again in ${plural(usage.minutesLeft, 'minute')}`;
  return `${plural(usage.remainingFifteenMin, 'API request')} remaining (${usage.remainingDaily} today) · ${plural(usage.minutesLeft, 'minute')} left`;
}

/** The API-request indicator beside the activities list. Demo mode has no real limits, so it reads once. */
export function ApiUsageIndicator() {
  const client = useApiClient();
  // Import progress moves the usage: the realtime channel says when; the poll stands in while it is down.
  const fallbackPoll = useFallbackPoll(USAGE_REFRESH_MS);
  // A missed reading keeps the last one (TanStack keeps the data of a failed refetch); the next tick tries again.
  const usage =
    useQuery({
      queryKey: queryKeys.stravaUsage,
      queryFn: () => client.stravaUsage(),
      refetchInterval: client.traits.liveUsage ? fallbackPoll : false,
    }).data ?? null;

  if (!usage) return null;
  return (
    <p
      data-testid="api-usage"
      className={`rounded-full px-3 py-1 text-xs font-medium ${usage.rateLimited ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-600'}`}
    >
      {usageText(usage)}
    </p>
  );
}
