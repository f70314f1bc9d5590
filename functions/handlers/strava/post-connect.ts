import { httpRoute } from '../http-route';
import { StravaConnectRequest } from '../../shared/schemas/connections';
import { startJobsAfterConnect } from '../../usecases/import-jobs/jobs';
import { connectStrava } from '../../usecases/strava-connect';
import { stravaDeps } from '../../usecases/strava-deps';

/** POST /api/strava/connect — the callback screen hands over code, state and scope; the server does the rest. */
export const handler = httpRoute({ body: StravaConnectRequest }, async ({ caller, body }) => {
  const deps = await stravaDeps();
  const response = await connectStrava(caller.userId, body, deps);
  // The rest of the window (if the request's budget cut it short) and the year of history run in the background.
  await startJobsAfterConnect(caller.userId, 'strava', response.sync, deps.clock());
  return response;
});
