import { httpRoute } from '../http-route';
import { PartnerSearchQuery } from '../../shared/schemas/partners';
import { searchPartners } from '../../usecases/partner-search';

/** GET /api/partners — one page of discoverable members for the filters, with compatibility and reasons. */
export const handler = httpRoute({ query: PartnerSearchQuery }, async ({ caller, query, now }) =>
  searchPartners(caller.userId, query, now),
);
