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

type Settled<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

function markedWhenFulfilled<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise as Settled<T>, { status: 'fulfilled', value }),
    () => undefined, // the caller handles the failure
  );
  return promise;
}

export function loadedRuntimeConfig(config: RuntimeConfig): RuntimeConfigSource {
  const loaded: Settled<RuntimeConfig> = Object.assign(Promise.resolve(config), {
    status: 'fulfilled' as const,
    value: config,
  });
  return { current: () => config, load: () => loaded };
}

export function lazyRuntimeConfig(load: () => Promise<RuntimeConfig>): RuntimeConfigSource {
  let config: RuntimeConfig | null = null;
  let loading: Promise<RuntimeConfig> | undefined;
  return {
    current: () => config,
    load: () =>
      (loading ??= markedWhenFulfilled(
        load().then(
          (loaded) => (config = loaded),
          (error: unknown) => {
            loading = undefined; // a later need tries again
            throw error;
          },
        ),
      )),
  };
}

export function isRuntimeConfigSource(value: RuntimeConfig | RuntimeConfigSource): value is RuntimeConfigSource {
  return typeof (value as RuntimeConfigSource).load === 'function';
}
