import { httpRouteWith } from '../lib/http';
import { accountStatusOf } from '../repositories/account-tombstones';
import { getIdempotencyRecord, putIdempotencyRecord } from '../repositories/idempotency-records';

/** The handler factory every route's handler is built with, wired to the account-status and idempotency items. */
export const httpRoute = httpRouteWith({
  accountStatusOf,
  idempotency: { get: getIdempotencyRecord, put: putIdempotencyRecord },
});

export { respond } from '../lib/http';
