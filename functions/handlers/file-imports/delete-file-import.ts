import { httpRoute, respond } from '../http-route';
import { deleteImportOf } from '../../usecases/file-imports';
import { ImportIdPath } from './import-id-path';

/** DELETE /api/imports/files/{importId} — that import's outings and step days; 404 when the caller has no such import. */
export const handler = httpRoute({ path: ImportIdPath }, async ({ caller, path, now }) => {
  await deleteImportOf(caller.userId, path.importId, now);
  return respond(204);
});
