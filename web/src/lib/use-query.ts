import { startTransition, useCallback, useEffect, useState, type DependencyList } from 'react';
import { useChanged } from './use-changed';

export type QueryState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

export interface QueryControls<T> {
  /** Fetches again (a "Try again" button). */
  reload: () => void;
  /** Shows `data` as the resource now, without a fetch: what a change the user made answered with. */
  set: (data: T) => void;
  /** Changes the loaded resource in place, without a fetch (nothing happens while it is not loaded). */
  update: (change: (data: T) => T) => void;
}

/** A resource's state as the connection hooks name it: 'ready' with the data's fields beside the status. */
export type ReadyState<T extends object> =
  { status: 'loading' } | { status: 'error'; error: unknown } | ({ status: 'ready' } & T);

export function readyState<T extends object>(query: QueryState<T>): ReadyState<T> {
  if (query.status === 'success') return { status: 'ready', ...query.data };
  return query.status === 'error' ? { status: 'error', error: query.error } : { status: 'loading' };
}

/** Mounted queries by the tags they declared: what `invalidateQueries` fetches again. */
const tagged = new Map<string, Set<() => void>>();

/**
 * Every mounted query tagged with one of `tags` fetches again, keeping what it shows until the answer arrives. A
 * change the user made calls this for each kind of list it touches, so every list on the screen reflects it without
 * a reload (a removed participant's ride request leaves the rides list, not only the participants).
 */
export function invalidateQueries(...tags: readonly string[]): void {
  const refreshes = new Set(tags.flatMap((tag) => [...(tagged.get(tag) ?? [])]));
  for (const refresh of refreshes) refresh();
}

export interface QueryOptions {
  /** Kinds of data this query shows (e.g. `queryTags.rides`): `invalidateQueries` with one of them refreshes it. */
  tags?: readonly string[];
}

/**
 * Runs `fetcher` on mount and whenever `deps` change (as `useEffect` would); results of superseded
 * runs are dropped. Small on purpose: each screen reads a resource or two.
 */
export function useQuery<T>(
  fetcher: () => Promise<T>,
  deps: DependencyList,
  { tags = [] }: QueryOptions = {},
): QueryState<T> & QueryControls<T> {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [refreshes, setRefreshes] = useState(0);
  if (useChanged([...deps, attempt])) setState({ status: 'loading' });

  useEffect(() => {
    let current = true;
    // Arriving data renders in a transition: React fills the screen in in slices of a few milliseconds instead of
    // one long task, and what the user does meanwhile comes first.
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

  // An invalidation fetches again without going back to 'loading': the list stays on screen, then changes.
  useEffect(() => {
    if (refreshes === 0) return;
    let current = true;
    fetcher().then(
      (data) => current && startTransition(() => setState({ status: 'success', data })),
      () => {
        // The data shown stays; the next change or visit fetches again.
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an invalidation (refreshes) starts this fetch
  }, [refreshes]);

  const tagKey = tags.join('\n');
  useEffect(() => {
    const refresh = () => setRefreshes((n) => n + 1);
    const mine = tagKey === '' ? [] : tagKey.split('\n');
    for (const tag of mine) {
      if (!tagged.has(tag)) tagged.set(tag, new Set());
      tagged.get(tag)!.add(refresh);
    }
    return () => {
      for (const tag of mine) tagged.get(tag)?.delete(refresh);
    };
  }, [tagKey]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ status: 'success', data }), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((previous) =>
        previous.status === 'success' ? { status: 'success', data: change(previous.data) } : previous,
      ),
    [],
  );
  return { ...state, reload, set, update };
}
