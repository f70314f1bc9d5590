import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { useServerListPages, useServerQuery } from '@/lib/server-query';

/** renderHook's options for hooks that read server state: the app's query client defaults, a fresh cache. */
function withQueryClient(client: QueryClient = createQueryClient()) {
  return {
    client,
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  };
}

describe('useServerQuery', () => {
  it('loads, fetches again from loading on reload, and shows what set gives it without a fetch', async () => {
    let answer!: (value: string) => void;
    const fetcher = vi
      .fn()
      .mockResolvedValueOnce('first')
      .mockImplementationOnce(() => new Promise<string>((settle) => (answer = settle)));
    const { result } = renderHook(() => useServerQuery<string>(['thing'], fetcher), withQueryClient());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'first' }));

    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('loading'));
    await act(async () => answer('second'));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'second' }));

    act(() => result.current.set('changed'));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'changed' }));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('shows a failed read as an error at once, without retrying', async () => {
    const fetcher = vi.fn().mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useServerQuery<string>(['thing'], fetcher), withQueryClient());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', error: new Error('offline') }));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('changes the loaded data in place with update, and leaves a resource still loading alone', async () => {
    let resolve!: (value: number[]) => void;
    const fetcher = vi.fn(() => new Promise<number[]>((settle) => (resolve = settle)));
    const { result } = renderHook(() => useServerQuery<number[]>(['numbers'], fetcher), withQueryClient());
    act(() => result.current.update((list) => [...list, 99]));
    expect(result.current.status).toBe('loading');

    await act(async () => resolve([1, 2]));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: [1, 2] }));
    act(() => result.current.update((list) => list.filter((n) => n !== 1)));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: [2] }));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('loads another resource when the key changes', async () => {
    const fetcher = vi.fn(async (id: string) => `plan ${id}`);
    const { result, rerender } = renderHook(({ id }) => useServerQuery(['plan', id], () => fetcher(id)), {
      initialProps: { id: 'a' },
      ...withQueryClient(),
    });
    await waitFor(() => expect(result.current).toMatchObject({ data: 'plan a' }));
    act(() => result.current.set('plan a, checked in'));
    rerender({ id: 'b' });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'plan b' }));
  });

  it('reads once for every component showing a resource', async () => {
    const fetcher = vi.fn(async () => 'profile');
    const { wrapper } = withQueryClient();
    const first = renderHook(() => useServerQuery(['profile'], fetcher), { wrapper });
    const second = renderHook(() => useServerQuery(['profile'], fetcher), { wrapper });
    await waitFor(() => expect(first.result.current.status).toBe('success'));
    await waitFor(() => expect(second.result.current).toMatchObject({ status: 'success', data: 'profile' }));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('fetches again the queries under an invalidated key, keeping the data shown meanwhile, and no others', async () => {
    let answer!: (value: string) => void;
    const ridesRead = vi
      .fn()
      .mockResolvedValueOnce('rides v1')
      .mockImplementationOnce(() => new Promise<string>((settle) => (answer = settle)));
    const profileRead = vi.fn(async () => 'profile');
    const { client, wrapper } = withQueryClient();
    const rides = renderHook(() => useServerQuery<string>(['rides', 'mine'], ridesRead), { wrapper });
    const profile = renderHook(() => useServerQuery<string>(['profile'], profileRead), { wrapper });
    await waitFor(() => expect(rides.result.current).toMatchObject({ status: 'success', data: 'rides v1' }));
    await waitFor(() => expect(profile.result.current.status).toBe('success'));

    act(() => void client.invalidateQueries({ queryKey: ['rides'] }));
    expect(rides.result.current).toMatchObject({ status: 'success', data: 'rides v1' });
    await act(async () => answer('rides v2'));
    await waitFor(() => expect(rides.result.current).toMatchObject({ status: 'success', data: 'rides v2' }));
    expect(ridesRead).toHaveBeenCalledTimes(2);
    expect(profileRead).toHaveBeenCalledTimes(1);

    rides.unmount();
    act(() => void client.invalidateQueries({ queryKey: ['rides'] }));
    expect(ridesRead).toHaveBeenCalledTimes(2);
  });

  it('keeps the data shown when a refresh fails', async () => {
    const fetcher = vi.fn().mockResolvedValueOnce('first').mockRejectedValueOnce(new Error('offline'));
    const { client, wrapper } = withQueryClient();
    const { result } = renderHook(() => useServerQuery<string>(['thing'], fetcher), { wrapper });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'first' }));
    await act(async () => client.invalidateQueries({ queryKey: ['thing'] }));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ status: 'success', data: 'first' });
  });
});

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

describe('useServerListPages', () => {
  it('appends the next page at the end of the list and stops at the last', async () => {
    const pages = controlledPages();
    const { result } = renderHook(
      () => useServerListPages(['list'], (cursor) => pages.fetchPage('all', cursor), append),
      withQueryClient(),
    );
    await pages.answer('all:first', { items: ['a', 'b'], nextCursor: 'c2' });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: { items: ['a', 'b'] } }));

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.more).toEqual({ status: 'loading' }));
    act(() => result.current.loadMore());
    expect(pages.fetchPage).toHaveBeenCalledTimes(2);

    await pages.answer('all:c2', { items: ['c'], nextCursor: null });
    await waitFor(() =>
      expect(result.current).toMatchObject({
        data: { items: ['a', 'b', 'c'], nextCursor: null },
        more: { status: 'idle' },
      }),
    );
    act(() => result.current.loadMore());
    expect(pages.fetchPage).toHaveBeenCalledTimes(2);
  });

  it('never shows a page of the old view under new filters, however the answers interleave', async () => {
    const pages = controlledPages();
    const { result, rerender } = renderHook(
      ({ view }) => useServerListPages(['list', view], (cursor) => pages.fetchPage(view, cursor), append),
      { initialProps: { view: 'runs' }, ...withQueryClient() },
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
    const { result } = renderHook(
      () => useServerListPages(['list'], (cursor) => pages.fetchPage('all', cursor), append),
      withQueryClient(),
    );
    await pages.answer('all:first', { items: ['a'], nextCursor: 'c2' });
    await waitFor(() => expect(result.current.status).toBe('success'));

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.more).toEqual({ status: 'loading' }));
    act(() => result.current.update((list) => ({ ...list, items: list.items.map((item) => `${item} (read)`) })));
    await pages.fail('all:c2', new Error('offline'));
    await waitFor(() => expect(result.current.more).toMatchObject({ status: 'error' }));
    expect(result.current).toMatchObject({ status: 'success', data: { items: ['a (read)'], nextCursor: 'c2' } });

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.more).toEqual({ status: 'loading' }));
    await pages.answer('all:c2', { items: ['b'], nextCursor: null });
    await waitFor(() =>
      expect(result.current).toMatchObject({ data: { items: ['a (read)', 'b'] }, more: { status: 'idle' } }),
    );
  });
});
