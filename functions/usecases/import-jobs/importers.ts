import type { ProviderType } from '../../shared/schemas/activity';
import { googleDeps } from '../google-deps';
import { stravaDeps } from '../strava-deps';
import { googleImporter } from './google-importer';
import type { ProviderImporter } from './importer';
import { stravaImporter } from './strava-importer';

/**
 * The one map from provider to its import jobs (issue 13): the worker dispatches through it and nowhere else, so
 * a provider registry can feed it later. Apple Health is push-only: it has no import job.
 */
export type ImporterFactory = () => Promise<ProviderImporter>;

export const IMPORTERS: Partial<Record<ProviderType, ImporterFactory>> = {
  strava: async () => stravaImporter(await stravaDeps()),
  google_health: async () => googleImporter(await googleDeps()),
};
