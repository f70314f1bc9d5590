import type { RuntimeConfig } from '@shared/schemas/runtime-config';

/**
 * Where the app gets `/config.json`: already loaded at boot, or loaded on first need. The prerendered public pages
 * (but sign-in) hydrate without it, so the landing page never downloads it, nor the zod code that checks it.
 */
export interface RuntimeConfigSource {
  /** The config if it has arrived. */
  current(): RuntimeConfig | null;
  /**
   * The config, loading it on the first call (the same promise after, until one fails). Once it has arrived the
   * promise says so the way React's `use` reads it (`status`, `value`), so `use` answers at once, not a render later.
   */
  load(): Promise<RuntimeConfig>;
}

/** A promise as React's `use` reads it once it has settled: `status` and `value` set, it answers without suspending. */
type Settled<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

function markFulfilled<T>(promise: Settled<T>, value: T): T {
  Object.assign(promise, { status: 'fulfilled', value });
  return value;
}

export function loadedRuntimeConfig(config: RuntimeConfig): RuntimeConfigSource {
  const loaded: Settled<RuntimeConfig> = Promise.resolve(config);
  markFulfilled(loaded, config);
  return { current: () => config, load: () => loaded };
}

export function lazyRuntimeConfig(load: () => Promise<RuntimeConfig>): RuntimeConfigSource {
  let loading: Settled<RuntimeConfig> | undefined;
  return {
    // Once the load has succeeded, its promise holds the config (and is kept: only a failed one is dropped).
    current: () => loading?.value ?? null,
    load: () => {
      if (!loading) {
        const promise: Settled<RuntimeConfig> = load().then(
          (config) => markFulfilled(promise, config),
          (error: unknown) => {
            loading = undefined; // a later need tries again
            throw error;
          },
        );
        loading = promise;
      }
      return loading;
    },
  };
}

export function isRuntimeConfigSource(value: RuntimeConfig | RuntimeConfigSource): value is RuntimeConfigSource {
  return typeof (value as RuntimeConfigSource).load === 'function';
}
