import { httpRoute } from '../http-route';
import { listImportsOf } from '../../usecases/file-imports';

/** GET /api/imports/files — the caller's imports, newest first. */
export const handler = httpRoute({ auth: 'user', readsOnly: true }, async ({ caller }) => listImportsOf(caller.userId));
