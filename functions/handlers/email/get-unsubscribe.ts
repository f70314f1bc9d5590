import { httpRoute, respond } from '../http-route';
import { UnsubscribeQuery } from '../../shared/schemas/email';
import { UNSUBSCRIBE_PAGE } from '../../usecases/email';

/**
 * GET /api/email/unsubscribe?token=… — a mail client without RFC 8058 one-click support opens the List-Unsubscribe
 * URL in a browser: it lands on the unsubscribe page (which asks, then unsubscribes) instead of an API error. A GET
 * changes nothing itself: link scanners fetch URLs in mail.
 */
export const handler = httpRoute({ query: UnsubscribeQuery }, async ({ query }) =>
  respond(303, undefined, {
    location: `${UNSUBSCRIBE_PAGE}?token=${query.token}`,
    'referrer-policy': 'no-referrer',
  }),
);
