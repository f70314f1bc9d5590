import { requiredEnv } from '../lib/config';
import { httpRouteWith } from '../lib/http';
import { accountStatusOf } from '../repositories/account-tombstones';
import { getIdempotencyRecord, putIdempotencyRecord } from '../repositories/idempotency-records';
import { routeFactsIn } from '../shared/route-facts';

/**
 * The handler factory every route's handler is built with, wired to the account-status and idempotency items and to
 * the route facts in the function's environment (ROUTE_FACTS, set from the route list by the CDK and the local host).
 */
export const httpRoute = httpRouteWith({
  accountStatusOf,
  idempotency: { get: getIdempotencyRecord, put: putIdempotencyRecord },
  routeFacts: (routeKey) => routeFactsIn(requiredEnv('ROUTE_FACTS'), routeKey),
});

export { respond } from '../lib/http';
