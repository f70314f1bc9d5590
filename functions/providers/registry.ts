import type { ProviderType } from '../shared/schemas/activity';
import type { AppleDeps } from '../usecases/apple-deps';
import type { GoogleDeps } from '../usecases/google-deps';
import type { StravaDeps } from '../usecases/strava-deps';
import { appleProvider } from './apple';
import { googleProvider } from './google';
import type { Provider } from './provider';
import { stravaProvider } from './strava';

/** Each provider id's deps type. */
export interface ProviderDeps {
  strava: StravaDeps;
  google_health: GoogleDeps;
  apple_health: AppleDeps;
}

export type ProviderRegistry = { readonly [P in ProviderType]: Provider<ProviderDeps[P]> };

/**
 * Every provider, keyed by its id in the shared schema (PROVIDER_TYPES): one line per provider. A function, not a
 * constant, so the registry is read at call time (the providers import use cases that import the registry back).
 */
export function providerRegistry(): ProviderRegistry {
  return {
    strava: stravaProvider,
    google_health: googleProvider,
    apple_health: appleProvider,
  };
}

/** Lazily built deps for each provider (a route builds only the deps of the provider it serves). */
export type ProviderDepsSource = { readonly [P in ProviderType]: () => Promise<ProviderDeps[P]> };

/** Calls `use` with the provider `id` and its deps source, keeping the two paired for the type checker. */
export function withProvider<R>(
  id: ProviderType,
  deps: ProviderDepsSource,
  use: <D>(provider: Provider<D>, deps: () => Promise<D>) => Promise<R>,
): Promise<R> {
  const registry = providerRegistry();
  return use(registry[id] as Provider<unknown>, deps[id] as () => Promise<unknown>);
}
