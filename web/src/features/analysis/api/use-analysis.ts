import type { AnalysisRange } from '@shared/schemas/analysis';
import { useApiClient } from '@/lib/api-client-context';
import { useQuery } from '@/lib/use-query';

/** The analysis for one date filter; `refreshKey` changes after a sync. */
export function useAnalysis(range: AnalysisRange, refreshKey: number) {
  const client = useApiClient();
  return useQuery(() => client.analysis(range), [client, range, refreshKey]);
}

/** The user's active connections (badges, Sync Data, the 'no providers' state). */
export function useConnections(refreshKey: number) {
  const client = useApiClient();
  return useQuery(
    async () => (await client.connections()).connections.filter((connection) => connection.isActive),
    [client, refreshKey],
  );
}
