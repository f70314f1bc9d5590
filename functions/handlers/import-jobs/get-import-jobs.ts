import { httpRoute } from '../http-route';
import { listUserImportJobs } from '../../usecases/import-jobs/jobs';

/** GET /api/connections/jobs — the caller's import and backfill jobs (progress, what they wait for, result). */
export const handler = httpRoute({}, async ({ caller }) => listUserImportJobs(caller.userId));
