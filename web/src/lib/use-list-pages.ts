import { useState, type DependencyList } from 'react';
import { useQuery, type QueryControls, type QueryState } from './use-query';

/** What the cursor API of a list answers with: items and where the next page starts (null at the end). */
export interface ListPage {
  nextCursor: string | null;
}

/** Loading the page after the one on screen: nothing pending, one on the way, or the last try failed. */
export type MoreState = { status: 'idle' } | { status: 'loading' } | { status: 'error'; error: unknown };

/** A list read a page at a time, as useListPages gives it to a screen. */
export type ListPages<Page extends ListPage> = QueryState<Page> &
  QueryControls<Page> & { more: MoreState; loadMore: () => void };

type PendingMore = { cursor: string; status: 'loading' } | { cursor: string; status: 'error'; error: unknown };

/**
 * A list read a page at a time: the first page as useQuery reads it (again when `deps` change), and `loadMore`
 * appending the next. A page is appended only while the list still ends where it began: a page of a list the user
 * has since filtered differently or reloaded is dropped, never shown under the new filters.
 */
export function useListPages<Page extends ListPage>(
  /** The first page (no cursor), or the page at `cursor` after the list `shown`. */
  fetchPage: (cursor?: string, shown?: Page) => Promise<Page>,
  append: (list: Page, next: Page) => Page,
  deps: DependencyList,
): ListPages<Page> {
  const query = useQuery(() => fetchPage(), deps);
  const [pending, setPending] = useState<PendingMore | null>(null);
  const end = query.status === 'success' ? query.data.nextCursor : null;

  const loadMore = () => {
    if (query.status !== 'success' || !end || (pending?.cursor === end && pending.status === 'loading')) return;
    const { update } = query;
    setPending({ cursor: end, status: 'loading' });
    fetchPage(end, query.data).then(
      (next) => {
        update((list) => (list.nextCursor === end ? append(list, next) : list));
        setPending((current) => (current?.cursor === end ? null : current));
      },
      (error: unknown) =>
        setPending((current) => (current?.cursor === end ? { cursor: end, status: 'error', error } : current)),
    );
  };

  // A pending or failed "more" belongs to the list's current end; a list that ends elsewhere has none.
  const more: MoreState =
    pending && pending.cursor === end
      ? pending.status === 'error'
        ? { status: 'error', error: pending.error }
        : { status: 'loading' }
      : { status: 'idle' };
  return { ...query, more, loadMore };
}
