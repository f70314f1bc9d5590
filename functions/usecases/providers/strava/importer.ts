import type { ImporterFactory } from '../../import-jobs/importer';
import { stravaImporter } from '../../import-jobs/strava-importer';
import { stravaDeps } from '../../strava-deps';

/** Strava's import jobs (import, refresh, webhook imports, backfill), as the import worker loads them. */
export const importer: ImporterFactory = async () => stravaImporter(await stravaDeps());
