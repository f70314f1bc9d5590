import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { TripPlan } from '@shared/schemas/trip-plans';
import { useToast } from '@/components/toast';
import { useApiClient } from '@/lib/api-client-context';
import {
  pendingCheckInFor,
  subscribeToPendingCheckIns,
  type DeliveryOutcome,
  type PendingCheckIn,
} from './pending-check-ins';

/** The kept, not yet delivered "We're back" for this plan (null when there is none), kept current across tabs. */
export function usePendingCheckIn(userId: string | null, planId: string): PendingCheckIn | null {
  const subscribe = useCallback((changed: () => void) => {
    window.addEventListener('storage', changed);
    const unsubscribe = subscribeToPendingCheckIns(changed);
    return () => {
      window.removeEventListener('storage', changed);
      unsubscribe();
    };
  }, []);
  // A string snapshot: equal while nothing changed, so React does not render again.
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (userId ? JSON.stringify(pendingCheckInFor(userId, planId)) : 'null'),
    () => 'null',
  );
  return useMemo(() => JSON.parse(snapshot) as PendingCheckIn | null, [snapshot]);
}

/**
 * Tells the person once that their "We're back" arrived, and shows the closed plan: whether this page sent it (through
 * the returned function) or it went out meanwhile (back online, another tab) and so left the kept check-ins.
 */
export function useDeliveredCheckIns(
  pending: PendingCheckIn | null,
  planId: string,
  show: (plan: TripPlan) => void,
): (send: () => Promise<{ entry: PendingCheckIn; outcome: DeliveryOutcome }>) => Promise<void> {
  const api = useApiClient();
  const toast = useToast();
  const announced = useRef(new Set<string>());
  const lastPending = useRef<PendingCheckIn | null>(null);
  // While this page sends, it announces the answer itself (with the plan the server answered).
  const sendingHere = useRef(false);

  const announce = useCallback(
    (entry: PendingCheckIn, plan: TripPlan | null) => {
      if (announced.current.has(entry.idempotencyKey)) return;
      announced.current.add(entry.idempotencyKey);
      toast.success('Welcome back! Your contacts have been told.');
      if (plan) show(plan);
      else void api.tripPlan(planId).then(show, () => undefined);
    },
    [api, planId, show, toast],
  );

  useEffect(() => {
    const before = lastPending.current;
    lastPending.current = pending;
    if (before && !pending && !sendingHere.current) announce(before, null);
  }, [pending, announce]);

  return useCallback(
    async (send: () => Promise<{ entry: PendingCheckIn; outcome: DeliveryOutcome }>) => {
      sendingHere.current = true;
      try {
        const { entry, outcome } = await send();
        if (outcome.status === 'delivered') announce(entry, outcome.plan);
      } finally {
        sendingHere.current = false;
      }
    },
    [announce],
  );
}
