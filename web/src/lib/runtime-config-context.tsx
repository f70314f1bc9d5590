import { createContext, use, useContext, useMemo, type ReactNode } from 'react';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { isRuntimeConfigSource, loadedRuntimeConfig, type RuntimeConfigSource } from './runtime-config-source';

const RuntimeConfigContext = createContext<RuntimeConfigSource | null>(null);

/** `config`: the loaded `/config.json`, or a source that loads it when a screen first needs it. */
export function RuntimeConfigProvider({
  config,
  children,
}: {
  config: RuntimeConfig | RuntimeConfigSource;
  children: ReactNode;
}) {
  const source = useMemo(() => (isRuntimeConfigSource(config) ? config : loadedRuntimeConfig(config)), [config]);
  return <RuntimeConfigContext.Provider value={source}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfigSource(): RuntimeConfigSource {
  const source = useContext(RuntimeConfigContext);
  if (!source) throw new Error('useRuntimeConfig must be used inside <RuntimeConfigProvider>.');
  return source;
}

/**
 * The `/config.json` the app runs with; suspends while it is still loading (only screens that need it ask). `use` is
 * called on every render: skipped once the config has arrived, a component that suspended here and is replayed
 * after the config arrived calls its later hooks without it, which React rejects ("Update hook called on initial
 * render") and recovers from by rendering the whole root again.
 */
export function useRuntimeConfig(): RuntimeConfig {
  return use(useRuntimeConfigSource().load());
}
