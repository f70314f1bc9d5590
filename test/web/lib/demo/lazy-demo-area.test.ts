import { describe, expect, it, vi } from 'vitest';
import { createHttpApiClient } from '@/app/api-client';
import { createDemoApiClient } from '@/app/demo-api-client';
import { lazyDemoArea } from '@/lib/demo/lazy-demo-area';

// Which demo areas' modules have been evaluated: each factory runs when its module is first imported.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('@/features/partners/demo/partners-demo', async (original) => (loaded.add('partners'), original()));
vi.mock('@/features/group-activities/demo/group-activities-demo', async (original) => (loaded.add('plan'), original()));
vi.mock('@/features/profile/demo/profile-demo', async (original) => (loaded.add('profile'), original()));
vi.mock('@/features/moderation/demo/moderation-demo', async (original) => (loaded.add('safety'), original()));
vi.mock('@/features/trip-plans/demo/trip-plans-demo', async (original) => (loaded.add('trip plans'), original()));

interface CounterApi {
  add(by: number): Promise<number>;
  total(): Promise<number>;
}

function counterArea() {
  let sum = 0;
  const load = vi.fn(async (): Promise<CounterApi> => ({
    add: async (by) => (sum += by),
    total: async () => sum,
  }));
  return { area: lazyDemoArea<CounterApi>({ add: true, total: true }, load), load };
}

describe('lazyDemoArea', () => {
  it('has every method before anything loads, and loads the area on the first call only', async () => {
    const { area, load } = counterArea();
    expect(Object.keys(area).sort()).toEqual(['add', 'total']);
    expect(load).not.toHaveBeenCalled();

    await Promise.all([area.add(2), area.add(3)]);
    expect(await area.total()).toBe(5);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again on the next call after it failed', async () => {
    const { area, load } = counterArea();
    load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));

    await expect(area.add(1)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(await area.add(4)).toBe(4);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("the demo client's areas", () => {
  const client = () =>
    createDemoApiClient({
      now: () => new Date('2026-03-10T18:20:00.000Z'),
      origin: 'http://localhost:3000',
      storage: window.sessionStorage,
      wait: async () => {},
    });

  it('loads no area a screen has not asked for, and an area with its first call', async () => {
    const demo = client();
    await demo.connections();
    await demo.notifications({ limit: 1 });
    expect([...loaded]).toEqual([]);

    const { settings } = await demo.profile();
    expect(settings.displayName).toBe('Alex Rivera');
    expect([...loaded]).toEqual(['profile']);

    await demo.myGroupActivities({ limit: 3 });
    expect([...loaded].sort()).toEqual(['plan', 'profile']);
  });

  it('offers every method the HTTP client offers', () => {
    const http = createHttpApiClient({ baseUrl: '/api', getIdToken: async () => null });
    const methods = (api: object) =>
      Object.entries(api)
        .filter(([, value]) => typeof value === 'function')
        .map(([name]) => name)
        .sort();
    expect(methods(client())).toEqual(methods(http));
  });
});
