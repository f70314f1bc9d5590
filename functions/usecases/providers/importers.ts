import type { ProviderType } from '../../shared/schemas/activity';
import type { ImporterFactory } from '../import-jobs/importer';
import { importer as googleHealth } from './google_health/importer';
import type { PullingProvider } from './registry';
import { importer as strava } from './strava/importer';

/**
 * The registry's heavy half: each pulling provider's import jobs (its folder's importer.ts), for the import worker
 * only. Kept apart from registry.ts because this is the code the other Lambdas must not load; keyed by the
 * registry's PullingProvider, so a provider that pulls without an importer here, or an importer of a provider that
 * does not pull, does not compile.
 */
const IMPORTERS: { readonly [P in PullingProvider]: ImporterFactory } = {
  strava,
  google_health: googleHealth,
};

/** Provider `id`'s import jobs; null for a push-only provider. */
export function providerImporter(id: ProviderType): ImporterFactory | null {
  return (IMPORTERS as Partial<Record<ProviderType, ImporterFactory>>)[id] ?? null;
}
