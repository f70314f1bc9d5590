import { httpRoute } from '../http-route';
import { MemberPath } from '../../shared/schemas/partners';
import { connectWith } from '../../usecases/partner-connections';

/** POST /api/partners/{userId}/connect — send a partner request (or accept theirs). */
export const handler = httpRoute({ path: MemberPath, idempotent: 'after-work' }, async ({ caller, path, now }) =>
  connectWith(caller.userId, path.userId, now),
);
