import type { ProfileResponse } from '@shared/schemas/profile';
import { useApiClient } from '@/lib/api-client-context';
import { useQuery } from '@/lib/use-query';

export type { ProfileResponse };

/** GET /api/profile (or the demo profile in demo mode): account details, settings and activity level. */
export function useProfile() {
  const client = useApiClient();
  return useQuery(() => client.profile(), [client]);
}
