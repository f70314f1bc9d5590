import type { ImporterFactory } from '../../usecases/import-jobs/importer';
import { stravaImporter } from '../../usecases/import-jobs/strava-importer';
import { stravaDeps } from '../../usecases/strava-deps';

/** Strava's import jobs (import, refresh, webhook imports, backfill), as the import worker loads them. */
export const importer: ImporterFactory = async () => stravaImporter(await stravaDeps());
