import type { ProviderType } from '../../shared/schemas/activity';
import { appleHealth } from './apple_health';
import { googleHealth } from './google_health';
import type { ProviderEntry } from './provider';
import { strava } from './strava';

/**
 * Every provider, keyed by its id in the shared schema (PROVIDER_TYPES): one line per provider, and the only list
 * of them (test/functions/architecture/provider-registry.test.ts). Connect and the webhook are a provider's own
 * routes; what they start, and every path that serves all providers (sync now, import, backfill, the daily
 * refresh, disconnect, the account erasure), finds the provider here.
 *
 * Each entry holds only the provider's light sides, so the Lambdas that sync now, disconnect, erase or refresh load
 * no provider's connect, import or mapping code (lambda-bundles.test.ts). The import worker alone needs that code:
 * importers.ts, typed by this registry, gives it each pulling provider's import jobs.
 */
export const PROVIDERS = {
  strava,
  google_health: googleHealth,
  apple_health: appleHealth,
} as const satisfies { readonly [P in ProviderType]: ProviderEntry<unknown> };

export type Providers = typeof PROVIDERS;

/** The providers TrailBuddy reads from (`pulls: true`), as a type: importers.ts has an importer for exactly these. */
export type PullingProvider = {
  [P in ProviderType]: Providers[P] extends ProviderEntry<unknown, true> ? P : never;
}[ProviderType];

/** The deps of provider `P`'s sides. */
export type ProviderDepsOf<P extends ProviderType> = Providers[P] extends ProviderEntry<infer D> ? D : never;

/** Lazily built deps for each provider (a route builds only the deps of the provider it serves). */
export type ConnectionDepsSource = { readonly [P in ProviderType]: () => Promise<ProviderDepsOf<P>> };

export const PROVIDER_IDS = Object.keys(PROVIDERS) as ProviderType[];

/** The providers TrailBuddy reads from (import jobs, the daily refresh); push-only sources are left out. */
export function pullingProviders(): ProviderType[] {
  return PROVIDER_IDS.filter((id) => PROVIDERS[id].pulls);
}

/** Builds `make`'s value on the first call only. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let built: Promise<T> | undefined;
  return () => (built ??= make());
}

/**
 * Each provider's deps, built on first use and then kept (deleting an account never depends on the settings of a
 * provider it had not connected). Tests pass their own builders.
 */
export function connectionDeps(builders: Partial<ConnectionDepsSource> = {}): ConnectionDepsSource {
  const source = Object.fromEntries(
    PROVIDER_IDS.map((id) => [id, once((builders[id] ?? PROVIDERS[id].deps) as () => Promise<unknown>)]),
  );
  return source as unknown as ConnectionDepsSource;
}

/** Calls `use` with provider `id`'s registry entry and its deps, keeping the two paired for the type checker. */
export function withProvider<R>(
  id: ProviderType,
  deps: ConnectionDepsSource,
  use: <D>(provider: ProviderEntry<D>, deps: () => Promise<D>) => Promise<R>,
): Promise<R> {
  return use(PROVIDERS[id] as ProviderEntry<unknown>, deps[id] as () => Promise<unknown>);
}
