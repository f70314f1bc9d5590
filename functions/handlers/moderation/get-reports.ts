import { httpRoute } from '../http-route';
import { moderationQueue } from '../../usecases/moderation';

/** GET /api/moderation/reports — the moderators' queue (403 without the `moderators` group claim). */
export const handler = httpRoute({}, async ({ caller }) => moderationQueue(caller.groups));
