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
 * Every provider, keyed by its id in the shared schema (PROVIDER_TYPES): one line per provider, the whole interface
 * each declares. No Lambda loads it whole: sync now, disconnecting, the account erasure and the daily refresh use the
 * light sides' registries (sync-now.ts, withdrawals.ts), the import worker its importers; registry.test.ts checks
 * that they are this provider's own sides.
 */
export function providerRegistry(): ProviderRegistry {
  return {
    strava: stravaProvider,
    google_health: googleProvider,
    apple_health: appleProvider,
  };
}
