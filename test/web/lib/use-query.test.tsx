import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { invalidateQueries, useQuery } from '@/lib/use-query';

describe('useQuery', () => {
  it('loads, fetches again on reload, and shows what set gives it without a fetch', async () => {
    const fetcher = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    const { result } = renderHook(() => useQuery<string>(fetcher, []));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'first' }));

    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'second' }));

    act(() => result.current.set('changed'));
    expect(result.current).toMatchObject({ status: 'success', data: 'changed' });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('changes the loaded data in place with update, and leaves a resource still loading alone', async () => {
    let resolve!: (value: number[]) => void;
    const fetcher = vi.fn(() => new Promise<number[]>((settle) => (resolve = settle)));
    const { result } = renderHook(() => useQuery<number[]>(fetcher, []));
    act(() => result.current.update((list) => [...list, 99]));
    expect(result.current.status).toBe('loading');

    await act(async () => resolve([1, 2]));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: [1, 2] }));
    act(() => result.current.update((list) => list.filter((n) => n !== 1)));
    expect(result.current).toMatchObject({ status: 'success', data: [2] });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('drops what set gave it when the deps change (another resource loads)', async () => {
    const fetcher = vi.fn(async (id: string) => `plan ${id}`);
    const { result, rerender } = renderHook(({ id }) => useQuery(() => fetcher(id), [id]), {
      initialProps: { id: 'a' },
    });
    await waitFor(() => expect(result.current).toMatchObject({ data: 'plan a' }));
    act(() => result.current.set('plan a, checked in'));
    rerender({ id: 'b' });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'plan b' }));
  });

  it('fetches again the queries tagged with an invalidated kind, keeping the data shown meanwhile, and no others', async () => {
    let answer!: (value: string) => void;
    const tagged = vi
      .fn()
      .mockResolvedValueOnce('rides v1')
      .mockImplementationOnce(() => new Promise<string>((settle) => (answer = settle)));
    const other = vi.fn(async () => 'profile');
    const rides = renderHook(() => useQuery<string>(tagged, [], { tags: ['rides'] }));
    const profile = renderHook(() => useQuery<string>(other, [], { tags: ['profile'] }));
    await waitFor(() => expect(rides.result.current).toMatchObject({ status: 'success', data: 'rides v1' }));
    await waitFor(() => expect(profile.result.current.status).toBe('success'));

    act(() => invalidateQueries('rides'));
    expect(rides.result.current).toMatchObject({ status: 'success', data: 'rides v1' });
    await act(async () => answer('rides v2'));
    await waitFor(() => expect(rides.result.current).toMatchObject({ status: 'success', data: 'rides v2' }));
    expect(tagged).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);

    rides.unmount();
    act(() => invalidateQueries('rides'));
    expect(tagged).toHaveBeenCalledTimes(2);
  });
});
