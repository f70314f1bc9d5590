import { httpRoute } from '../http-route';
import { createAuthorizeUrl } from '../../usecases/strava-connect';
import { stravaDeps } from '../../usecases/strava-deps';

/** GET /api/strava/authorize-url — Strava's consent URL with a signed, single-use state bound to the caller. */
export const handler = httpRoute({}, async ({ caller }) => createAuthorizeUrl(caller.userId, await stravaDeps()));
