interface Stoppable {
  stop(): Promise<void>;
}

interface Entry {
  service: Promise<Stoppable>;
  users: number;
}

// On globalThis, not in this module: vitest may load a global setup file once per project that lists it.
const registry = ((
  globalThis as typeof globalThis & { trailbuddySharedServices?: Map<string, Entry> }
).trailbuddySharedServices ??= new Map<string, Entry>());

/**
 * One service (DynamoDB Local, the local stack) for every vitest project whose global setup asks for it by `key`:
 * global setups run in vitest's main process, so the first project starts it, the others share it, and the last
 * one's `release` (its teardown) stops it.
 */
export async function shareAcrossProjects<T extends Stoppable>(
  key: string,
  start: () => Promise<T>,
): Promise<{ service: T; release: () => Promise<void> }> {
  const entry = registry.get(key) ?? { service: start(), users: 0 };
  registry.set(key, entry);
  entry.users++;
  const service = (await entry.service) as T;
  return {
    service,
    async release() {
      if (--entry.users > 0) return;
      registry.delete(key);
      await service.stop();
    },
  };
}
