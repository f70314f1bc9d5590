import { googleImporter } from '../../import-jobs/google-importer';
import type { ImporterFactory } from '../../import-jobs/importer';
import { googleDeps } from '../../google-deps';

/** Google Health's import jobs (import, refresh, backfill), as the import worker loads them. */
export const importer: ImporterFactory = async () => googleImporter(await googleDeps());
