import { httpRoute } from '../http-route';
import { SendMessageRequest } from '../../shared/schemas/messages';
import { MemberPath } from '../../shared/schemas/partners';
import { sendMessage } from '../../usecases/messages';

/** POST /api/conversations/{userId}/messages — send a partner a message (free plan: 5 a month). */
export const handler = httpRoute(
  {
    path: MemberPath,
    body: SendMessageRequest,
    successStatus: 201,
    maxBodyBytes: 8 * 1024,
    idempotent: 'with-work',
  },
  async ({ caller, path, body, now, idempotency }) => sendMessage(caller, path.userId, body.text, now, idempotency),
);
