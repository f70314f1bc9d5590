import type { BillingResponse } from '@shared/schemas/billing';
import { useApiClient } from './api-client-context';
import { queryKeys } from './query-keys';
import { useServerQuery } from './server-query';

/**
 * Whether the caller is on Premium now (GET /api/billing, the cache the billing screen shares), for a screen that
 * offers a Premium extra. False until the plan is known and when it cannot be read: the server enforces the plan
 * anyway, so the worst a wrong guess does is point a member at the billing page.
 */
export function useIsPremium(): boolean {
  const client = useApiClient();
  const billing = useServerQuery<BillingResponse>(queryKeys.billing, () => client.billing());
  return billing.status === 'success' && billing.data.plan === 'premium';
}
