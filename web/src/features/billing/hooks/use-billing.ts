import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { BillingResponse } from '@shared/schemas/billing';
import { useApiClient } from '@/lib/api-client-context';
import { ApiError } from '@/lib/api/api-error';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

/**
 * The caller's plan (GET /api/billing). `pollMs`: read it again every so often until it is Premium, for the return
 * from Checkout: Stripe's webhook, which is what makes a member Premium, may arrive a moment after the browser.
 */
export function useBilling({ pollMs }: { pollMs?: number | false } = {}) {
  const client = useApiClient();
  return useServerQuery<BillingResponse>(queryKeys.billing, () => client.billing(), {
    refetchInterval: (data) => (pollMs && data?.plan !== 'premium' ? pollMs : false),
  });
}

/** Answers that mean the plan on screen is out of date. */
const STALE_PLAN_CODES: ReadonlySet<string> = new Set(['already_premium', 'no_billing_account']);

export type BillingDestination = 'checkout' | 'portal';

/**
 * Sends the browser to Stripe: Checkout to buy Premium, or the billing portal. While the server makes the session the
 * one asked for is `opening`; a failure says why and leaves the buttons as they were. An answer that the plan changed
 * meanwhile (Premium bought in another tab) reads the plan again.
 */
export function useBillingRedirect(leave: (url: string) => void) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<BillingDestination | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = useCallback(
    async (destination: BillingDestination) => {
      setError(null);
      setOpening(destination);
      try {
        const { url } = destination === 'checkout' ? await client.startCheckout() : await client.openBillingPortal();
        // Stays "opening" while the browser leaves for Stripe.
        leave(url);
      } catch (failure) {
        setOpening(null);
        setError(userMessage(failure));
        if (failure instanceof ApiError && STALE_PLAN_CODES.has(failure.code))
          void queryClient.invalidateQueries({ queryKey: queryKeys.billing });
      }
    },
    [client, leave, queryClient],
  );

  return { opening, error, open };
}
