import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the prerendered HTML and while React hydrates it, true once the page's JavaScript runs it. Forms on
 * prerendered pages are disabled until then: input typed or a click made before hydration would be lost, and a
 * native submit would put the password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
