import { useApiClient } from '@/lib/api-client-context';
import { useQuery } from '@/lib/use-query';

/**
 * The overview's figures: all-time and last-7-days totals from the daily aggregates (they outlive the
 * 7-day purge of raw provider data, so 'Total' really is the total) and the newest activities still held.
 */
export function useOverview(refreshKey: number) {
  const client = useApiClient();
  return useQuery(() => client.analysis('all'), [client, refreshKey]);
}
