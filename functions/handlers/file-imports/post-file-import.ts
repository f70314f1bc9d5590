import { httpRoute } from '../http-route';
import { FileImportBatch } from '../../shared/schemas/file-import';
import { importFileBatch } from '../../usecases/file-imports';

/** POST /api/imports/files — one batch of summaries read from the caller's files; a retried batch stores nothing twice. */
export const handler = httpRoute({ body: FileImportBatch }, async ({ caller, body, now }) =>
  importFileBatch(caller.userId, body, now),
);
