import type { MeResponse } from '@shared/schemas/me';
import { useApiClient } from '@/lib/api-client-context';
import { useQuery } from '@/lib/use-query';

export type { MeResponse };

/** GET /api/me (or the demo user in demo mode); the response is parsed with the shared `MeResponse` schema. */
export function useMe() {
  const client = useApiClient();
  return useQuery(() => client.me(), [client]);
}
