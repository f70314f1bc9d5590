import { httpRoute } from '../../lib/http';
import { MemberPath } from '../../shared/schemas/partners';
import { blockUser } from '../../usecases/partner-connections';

/** POST /api/partners/{userId}/block — hide each other both ways; ends requests, partnership and messages. */
export const handler = httpRoute({ auth: 'user', path: MemberPath }, async ({ caller, path, now }) =>
  blockUser(caller.userId, path.userId, now),
);
