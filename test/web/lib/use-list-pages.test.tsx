import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useListPages } from '@/lib/use-list-pages';

interface Page {
  items: string[];
  nextCursor: string | null;
}

const append = (list: Page, next: Page): Page => ({
  items: [...list.items, ...next.items],
  nextCursor: next.nextCursor,
});

/** A fetcher whose pages the test answers by hand, in any order. */
function controlledPages() {
  const waiting = new Map<string, { resolve: (page: Page) => void; reject: (error: unknown) => void }>();
  const fetchPage = vi.fn(
    (view: string, cursor?: string) =>
      new Promise<Page>((resolve, reject) => waiting.set(`${view}:${cursor ?? 'first'}`, { resolve, reject })),
  );
  const answer = async (key: string, page: Page) => act(async () => waiting.get(key)!.resolve(page));
  const fail = async (key: string, error: unknown) => act(async () => waiting.get(key)!.reject(error));
  return { fetchPage, answer, fail };
}

describe('useListPages', () => {
  it('appends the next page at the end of the list and stops at the last', async () => {
    const pages = controlledPages();
    const { result } = renderHook(() => useListPages((cursor) => pages.fetchPage('all', cursor), append, []));
    await pages.answer('all:first', { items: ['a', 'b'], nextCursor: 'c2' });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: { items: ['a', 'b'] } }));

    act(() => result.current.loadMore());
    expect(result.current.more).toEqual({ status: 'loading' });
    act(() => result.current.loadMore());
    expect(pages.fetchPage).toHaveBeenCalledTimes(2);

    await pages.answer('all:c2', { items: ['c'], nextCursor: null });
    expect(result.current).toMatchObject({
      data: { items: ['a', 'b', 'c'], nextCursor: null },
      more: { status: 'idle' },
    });
    act(() => result.current.loadMore());
    expect(pages.fetchPage).toHaveBeenCalledTimes(2);
  });

  it('never shows a page of the old view under new filters, however the answers interleave', async () => {
    const pages = controlledPages();
    const { result, rerender } = renderHook(
      ({ view }) => useListPages((cursor) => pages.fetchPage(view, cursor), append, [view]),
      { initialProps: { view: 'runs' } },
    );
    await pages.answer('runs:first', { items: ['run 1'], nextCursor: 'runs-2' });
    await waitFor(() => expect(result.current.status).toBe('success'));
    act(() => result.current.loadMore());

    rerender({ view: 'rides' });
    await pages.answer('rides:first', { items: ['ride 1'], nextCursor: 'rides-2' });
    await waitFor(() => expect(result.current).toMatchObject({ data: { items: ['ride 1'] } }));
    expect(result.current.more).toEqual({ status: 'idle' });

    await pages.answer('runs:runs-2', { items: ['run 2'], nextCursor: null });
    expect(result.current).toMatchObject({ data: { items: ['ride 1'], nextCursor: 'rides-2' } });
  });

  it('keeps an edit made while the next page loads, and reports a failed page without losing the list', async () => {
    const pages = controlledPages();
    const { result } = renderHook(() => useListPages((cursor) => pages.fetchPage('all', cursor), append, []));
    await pages.answer('all:first', { items: ['a'], nextCursor: 'c2' });
    await waitFor(() => expect(result.current.status).toBe('success'));

    act(() => result.current.loadMore());
    act(() => result.current.update((list) => ({ ...list, items: list.items.map((item) => `${item} (read)`) })));
    await pages.fail('all:c2', new Error('offline'));
    expect(result.current).toMatchObject({ data: { items: ['a (read)'], nextCursor: 'c2' } });
    expect(result.current.more).toMatchObject({ status: 'error' });

    act(() => result.current.loadMore());
    expect(result.current.more).toEqual({ status: 'loading' });
    await pages.answer('all:c2', { items: ['b'], nextCursor: null });
    expect(result.current).toMatchObject({ data: { items: ['a (read)', 'b'] }, more: { status: 'idle' } });
  });
});
