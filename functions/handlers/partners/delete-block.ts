import { httpRoute } from '../http-route';
import { MemberPath } from '../../shared/schemas/partners';
import { unblockUser } from '../../usecases/partner-connections';

/** DELETE /api/partners/{userId}/block — lift the caller's block. */
export const handler = httpRoute({ path: MemberPath }, async ({ caller, path, now }) =>
  unblockUser(caller.userId, path.userId, now),
);
