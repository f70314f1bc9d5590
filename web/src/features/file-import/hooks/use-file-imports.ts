import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '@/lib/api-client-context';
import { invalidateActivityData, queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

/** The person's imports from files (GET /api/imports/files), newest first. */
export function useFileImports() {
  const client = useApiClient();
  return useServerQuery(queryKeys.fileImports, () => client.fileImports());
}

/** After an import or a deletion: the list, and every list and figure of the person's activities, read again. */
export function useImportsChanged(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.fileImports });
    invalidateActivityData(queryClient);
  }, [queryClient]);
}
