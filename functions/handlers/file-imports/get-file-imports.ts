import { httpRoute } from '../http-route';
import { listImportsOf } from '../../usecases/file-imports';

/** GET /api/imports/files — the caller's imports, newest first. */
export const handler = httpRoute({}, async ({ caller }) => listImportsOf(caller.userId));
