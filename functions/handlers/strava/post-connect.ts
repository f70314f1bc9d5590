import { httpRoute } from '../../lib/http';
import { StravaConnectRequest } from '../../shared/schemas/connections';
import { connectStrava } from '../../usecases/strava-connect';
import { stravaDeps } from '../../usecases/strava-deps';

/** POST /api/strava/connect — the callback screen hands over code, state and scope; the server does the rest. */
export const handler = httpRoute({ auth: 'user', body: StravaConnectRequest }, async ({ caller, body }) => connectStrava(caller.userId, body, await stravaDeps()));
