import { httpRoute } from '../http-route';
import { MemberPath } from '../../shared/schemas/partners';
import { blockMemberEverywhere } from '../../usecases/partner-block';

/** POST /api/partners/{userId}/block — hide each other both ways; ends requests, partnership and messages, and the
 * plans one of them runs for the other. */
export const handler = httpRoute({ path: MemberPath }, async ({ caller, path, now }) =>
  blockMemberEverywhere(caller.userId, path.userId, now),
);
