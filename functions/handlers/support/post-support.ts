import { httpRoute } from '../http-route';
import { verifiedEmailOf } from '../../lib/verified-email';
import { SupportRequest } from '../../shared/schemas/support';
import { requestSupport } from '../../usecases/support';

/** POST /api/support — a member's request to the support team (by email, through the outbox). */
export const handler = httpRoute(
  { body: SupportRequest, successStatus: 202, idempotent: 'with-work' },
  async ({ caller, body, now, idempotency }) =>
    requestSupport({ userId: caller.userId, email: verifiedEmailOf(caller) }, body, now, idempotency),
);
