import {
  hashKey,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback, useDeferredValue } from 'react';

/**
 * Server state through TanStack Query (the app's one client: ./query-client), in the shape screens render: loading,
 * error, or the data. Keys come from ./query-keys; a change invalidates the keys it touches.
 */
export type QueryState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

export interface QueryControls<T> {
  /** Fetches again from 'loading' (a "Try again" button). */
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

/**
 * Loaded data stays on screen when a refresh (an invalidation, a poll) fails; the next one tries again. Components
 * take arriving data as a deferred value (`useDeferredValue` below): React fills the screen in in slices of a few
 * milliseconds, interruptible, instead of one long task, and what the user does meanwhile comes first.
 */
function stateOf<T>(data: T | undefined, error: unknown, isError: boolean): QueryState<T> {
  if (data !== undefined) return { status: 'success', data };
  return isError ? { status: 'error', error } : { status: 'loading' };
}

export interface ServerQueryOptions<T> {
  /** Polls while the tab is visible (the client's default); a function decides from the last data. */
  refetchInterval?: number | false | ((data: T | undefined) => number | false);
  /** Reads again as the tab shows again (the app's default is not to). */
  refetchOnWindowFocus?: boolean;
}

/** The resource at `queryKey`, read by `fetcher` (once for every component showing it). */
export function useServerQuery<T>(
  queryKey: QueryKey,
  fetcher: () => Promise<T>,
  { refetchInterval, refetchOnWindowFocus }: ServerQueryOptions<T> = {},
): QueryState<T> & QueryControls<T> {
  const client = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: fetcher,
    refetchInterval:
      typeof refetchInterval === 'function' ? (current) => refetchInterval(current.state.data) : refetchInterval,
    ...(refetchOnWindowFocus === undefined ? {} : { refetchOnWindowFocus }),
  });
  const controls = useQueryControls<T>(client, queryKey, hashKey(queryKey));
  return { ...stateOf(useDeferredValue(query.data), query.error, query.isError), ...controls };
}

function useQueryControls<T>(
  client: ReturnType<typeof useQueryClient>,
  queryKey: QueryKey,
  hash: string,
): QueryControls<T> {
  /* eslint-disable react-hooks/exhaustive-deps -- the key's hash stands for the key */
  const reload = useCallback(() => void client.resetQueries({ queryKey, exact: true }), [client, hash]);
  const set = useCallback((data: T) => void client.setQueryData<T>(queryKey, data), [client, hash]);
  const update = useCallback(
    (change: (data: T) => T) =>
      void client.setQueryData<T>(queryKey, (data) => (data === undefined ? data : change(data))),
    [client, hash],
  );
  /* eslint-enable react-hooks/exhaustive-deps */
  return { reload, set, update };
}

/** What the cursor API of a list answers with: items and where the next page starts (null at the end). */
export interface ListPage {
  nextCursor: string | null;
}

/** Loading the page after the one on screen: nothing pending, one on the way, or the last try failed. */
export type MoreState = { status: 'idle' } | { status: 'loading' } | { status: 'error'; error: unknown };

/** A list read a page at a time, as a screen shows it: the pages joined into one. */
export type ListPages<Page extends ListPage> = QueryState<Page> &
  QueryControls<Page> & { more: MoreState; loadMore: () => void };

/**
 * A list read a page at a time (an infinite query): the first page, then `loadMore` appending the next. A list under
 * other filters is another key, so a page of the old list never shows under the new ones. `update` changes every
 * loaded page (each page's items and counts), so the joined list shows the change.
 */
export function useServerListPages<Page extends ListPage>(
  queryKey: QueryKey,
  /** The first page (no cursor), or the page at `cursor` of the list whose first page is `first`. */
  fetchPage: (cursor?: string, first?: Page) => Promise<Page>,
  append: (list: Page, next: Page) => Page,
): ListPages<Page> {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }: { pageParam: string | undefined }) =>
      fetchPage(
        pageParam,
        pageParam === undefined ? undefined : client.getQueryData<InfiniteData<Page>>(queryKey)?.pages[0],
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page) => last.nextCursor ?? undefined,
  });
  const pages = useDeferredValue(query.data)?.pages;
  const joined = pages && pages.length > 0 ? pages.slice(1).reduce(append, pages[0]!) : undefined;
  const hash = hashKey(queryKey);
  /* eslint-disable react-hooks/exhaustive-deps -- the key's hash stands for the key */
  const reload = useCallback(() => void client.resetQueries({ queryKey, exact: true }), [client, hash]);
  const set = useCallback(
    (data: Page) =>
      void client.setQueryData<InfiniteData<Page, string | undefined>>(queryKey, {
        pages: [data],
        pageParams: [undefined],
      }),
    [client, hash],
  );
  const update = useCallback(
    (change: (data: Page) => Page) => {
      const apply = () =>
        void client.setQueryData<InfiniteData<Page, string | undefined>>(queryKey, (data) =>
          data === undefined ? data : { ...data, pages: data.pages.map(change) },
        );
      apply();
      // A page in flight ('Load more') lands on top of the pages as they were when it started, and a cancelled one
      // puts them back as they were, so the change would be lost: it applies once more when that fetch ends (changes
      // are idempotent: they set what the server answered).
      if (client.getQueryState(queryKey)?.fetchStatus !== 'fetching') return;
      const stop = client.getQueryCache().subscribe(({ query }) => {
        if (query.queryHash !== hash || query.state.fetchStatus === 'fetching') return;
        stop();
        // A failed fetch left the pages as they were (with the change); setting them would clear its error.
        if (query.state.status !== 'error') apply();
      });
    },
    [client, hash],
  );
  /* eslint-enable react-hooks/exhaustive-deps */
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const more: MoreState = isFetchingNextPage
    ? { status: 'loading' }
    : query.isFetchNextPageError
      ? { status: 'error', error: query.error }
      : { status: 'idle' };
  return { ...stateOf(joined, query.error, query.isError), reload, set, update, more, loadMore };
}
