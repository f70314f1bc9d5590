import { httpRoute, respond } from '../http-route';
import { deleteAllImportsOf } from '../../usecases/file-imports';

/** DELETE /api/imports/files — every import of the caller. */
export const handler = httpRoute({}, async ({ caller, now }) => {
  await deleteAllImportsOf(caller.userId, now);
  return respond(204);
});
