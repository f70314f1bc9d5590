import type { ProviderType } from '../../shared/schemas/activity';
import { syncGoogleFit, toGoogleSyncError } from '../google-sync';
import { googleDeps } from '../google-deps';
import { stravaDeps } from '../strava-deps';
import type { ProviderImporter } from './importer';
import { stravaImporter } from './strava-importer';

/**
 * The one map from provider to its import jobs (issue 13): the worker dispatches through it and nowhere else, so
 * a provider registry can feed it later. Apple Health is push-only: it has no import job.
 */
export type ImporterFactory = () => Promise<ProviderImporter>;

export const IMPORTERS: Partial<Record<ProviderType, ImporterFactory>> = {
  strava: async () => stravaImporter(await stravaDeps()),
  google_health: async () => {
    const deps = await googleDeps();
    return {
      clock: deps.clock,
      toError: toGoogleSyncError,
      // Google answers its 30-day window in two calls: one run covers it.
      async import(run) {
        const result = await syncGoogleFit(run.userId, deps);
        await run.progress({
          fetched: result.imported + result.updated,
          stored: result.imported + result.updated,
          pages: 1,
        });
        return { done: true, result: { imported: result.imported, updated: result.updated, days: 0 } };
      },
    };
  },
};
