import { startTransition, useCallback, useEffect, useState, type DependencyList } from 'react';
import { useChanged } from './use-changed';

export type QueryState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

export interface QueryControls<T> {
  /** Fetches again (a "Try again" button). */
  reload: () => void;
  /** Shows `data` as the resource now, without a fetch: what a change the user made answered with. */
  set: (data: T) => void;
}

/**
 * Runs `fetcher` on mount and whenever `deps` change (as `useEffect` would); results of superseded
 * runs are dropped. Small on purpose: each screen reads a resource or two.
 */
export function useQuery<T>(fetcher: () => Promise<T>, deps: DependencyList): QueryState<T> & QueryControls<T> {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  if (useChanged([...deps, attempt])) setState({ status: 'loading' });

  useEffect(() => {
    let current = true;
    // Arriving data renders in a transition: React fills the screen in in slices of a few milliseconds instead of
    // one long task (issue 14), and what the user does meanwhile comes first.
    fetcher().then(
      (data) => current && startTransition(() => setState({ status: 'success', data })),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
    // `fetcher` is a fresh closure every render; the caller's `deps` say when it changes meaning.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps stand in for fetcher (above)
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ status: 'success', data }), []);
  return { ...state, reload, set };
}
