import type { RuntimeConfig } from '@shared/schemas/runtime-config';

/**
 * Where the app gets `/config.json`: already loaded at boot, or loaded on first need. The prerendered public pages
 * (but sign-in) hydrate without it, so the landing page never downloads it, nor the zod code that checks it.
 */
export interface RuntimeConfigSource {
  /** The config if it has arrived. */
  current(): RuntimeConfig | null;
  /** The config, loading it on the first call (the same promise after, until one fails). */
  load(): Promise<RuntimeConfig>;
}

export function loadedRuntimeConfig(config: RuntimeConfig): RuntimeConfigSource {
  const loaded = Promise.resolve(config);
  return { current: () => config, load: () => loaded };
}

export function lazyRuntimeConfig(load: () => Promise<RuntimeConfig>): RuntimeConfigSource {
  let config: RuntimeConfig | null = null;
  let loading: Promise<RuntimeConfig> | undefined;
  return {
    current: () => config,
    load: () =>
      (loading ??= load().then(
        (loaded) => (config = loaded),
        (error: unknown) => {
          loading = undefined; // a later need tries again
          throw error;
        },
      )),
  };
}

export function isRuntimeConfigSource(value: RuntimeConfig | RuntimeConfigSource): value is RuntimeConfigSource {
  return typeof (value as RuntimeConfigSource).load === 'function';
}
