import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

/** Whether the member is Premium (their requests are answered first); the plan is read with the same key as billing's. */
export function useIsPremium(): boolean {
  const client = useApiClient();
  const plan = useServerQuery(queryKeys.billing, () => client.billing());
  return plan.status === 'success' && plan.data.plan === 'premium';
}
