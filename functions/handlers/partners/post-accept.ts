import { httpRoute } from '../http-route';
import { MemberPath } from '../../shared/schemas/partners';
import { acceptRequest } from '../../usecases/partner-connections';

/** POST /api/partners/{userId}/accept — accept their partner request. */
export const handler = httpRoute({ path: MemberPath }, async ({ caller, path, now }) =>
  acceptRequest(caller.userId, path.userId, now),
);
