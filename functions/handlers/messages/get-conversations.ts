import { httpRoute } from '../http-route';
import { listConversations } from '../../usecases/messages';

/** GET /api/conversations — one per partner, latest first, with this month's message allowance. */
export const handler = httpRoute({}, async ({ caller, now }) => listConversations(caller, now));
