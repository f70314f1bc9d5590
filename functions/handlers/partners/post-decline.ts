import { httpRoute } from '../http-route';
import { MemberPath } from '../../shared/schemas/partners';
import { declineRequest } from '../../usecases/partner-connections';

/** POST /api/partners/{userId}/decline — decline their partner request. */
export const handler = httpRoute({ path: MemberPath }, async ({ caller, path, now }) =>
  declineRequest(caller.userId, path.userId, now),
);
