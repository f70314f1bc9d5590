import { httpRoute } from '../http-route';
import { MemberPath } from '../../shared/schemas/partners';
import { viewPartner } from '../../usecases/partner-search';

/** GET /api/partners/{userId} — a member's coarse facts (View Profile). */
export const handler = httpRoute({ path: MemberPath }, async ({ caller, path, now }) =>
  viewPartner(caller.userId, path.userId, now),
);
