import { httpRoute } from '../http-route';
import { MessagesQuery } from '../../shared/schemas/messages';
import { MemberPath } from '../../shared/schemas/partners';
import { conversationMessages } from '../../usecases/messages';

/** GET /api/conversations/{userId}/messages — a page of the conversation with a partner. */
export const handler = httpRoute({ path: MemberPath, query: MessagesQuery }, async ({ caller, path, query, now }) =>
  conversationMessages(caller, path.userId, query.cursor, now),
);
