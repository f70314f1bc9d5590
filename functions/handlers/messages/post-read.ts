import { httpRoute } from '../http-route';
import { MemberPath } from '../../shared/schemas/partners';
import { markConversationRead } from '../../usecases/messages';

/** POST /api/conversations/{userId}/read — the caller opened this conversation; moves only their own read marker. */
export const handler = httpRoute({ path: MemberPath }, async ({ caller, path, now }) =>
  markConversationRead(caller, path.userId, now),
);
