import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

/**
 * The overview's figures: all-time and last-7-days totals from the daily aggregates (they outlive the
 * 7-day purge of raw provider data, so 'Total' really is the total) and the newest activities still held.
 */
export function useOverview() {
  const client = useApiClient();
  return useServerQuery(queryKeys.analysis.range('all'), () => client.analysis('all'));
}
