import type { ProfileResponse } from '@shared/schemas/profile';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

export type { ProfileResponse };

/** GET /api/profile (or the demo profile in demo mode): account details, settings and activity level. */
export function useProfile() {
  const client = useApiClient();
  return useServerQuery(queryKeys.profile, () => client.profile());
}
