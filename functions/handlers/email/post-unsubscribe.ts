import { httpRoute } from '../http-route';
import { UnsubscribeQuery } from '../../shared/schemas/email';
import { unsubscribe } from '../../usecases/email';

/** POST /api/email/unsubscribe?token=… — public, RFC 8058 one-click unsubscribe from the List-Unsubscribe header. */
export const handler = httpRoute({ query: UnsubscribeQuery }, async ({ query, now }) => unsubscribe(query.token, now));
