import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

/**
 * The person's imports from files (the same query as the import screen's, so an import or a deletion there reads it
 * again): their outings count like a provider's, so a person with files and no provider sees their figures.
 */
export function useFileImports() {
  const client = useApiClient();
  return useServerQuery(queryKeys.fileImports, () => client.fileImports());
}
