import type { AnalysisRange } from '@shared/schemas/analysis';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

/** The analysis for one date filter (read again when a sync invalidates `queryKeys.analysis.all`). */
export function useAnalysis(range: AnalysisRange) {
  const client = useApiClient();
  return useServerQuery(queryKeys.analysis.range(range), () => client.analysis(range));
}

/** The user's active connections (badges, Sync Data, the 'no providers' state). */
export function useConnections() {
  const client = useApiClient();
  return useServerQuery(queryKeys.connectionsAs('active'), async () =>
    (await client.connections()).connections.filter((connection) => connection.isActive),
  );
}

/** The person's file imports (the same query as the import screen's): their outings count like a provider's. */
export function useFileImports() {
  const client = useApiClient();
  return useServerQuery(queryKeys.fileImports, () => client.fileImports());
}
