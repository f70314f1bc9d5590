import type { ApiClient } from '../../web/src/lib/api-client';
import { createDemoApiClient } from '../../web/src/app/demo-api-client';

/** A Storage kept in memory: each demo client gets its own, so tests never share demo state. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** The web app's demo client as the browser runs it, at a fixed time, with fresh storage and no simulated delays. */
export function demoClientAt(now: Date): ApiClient {
  return createDemoApiClient({
    now: () => now,
    origin: 'http://localhost',
    storage: memoryStorage(),
    wait: async () => {},
  });
}
