import { httpRoute } from '../http-route';
import { GoogleConnectRequest } from '../../shared/schemas/google';
import { connectGoogleHealth } from '../../usecases/google-connect';
import { googleDeps } from '../../usecases/google-deps';
import { startJobsAfterConnect } from '../../usecases/import-jobs/jobs';

/** POST /api/google/connect — the health callback screen hands over code, state and scope; the server does the rest. */
export const handler = httpRoute({ body: GoogleConnectRequest }, async ({ caller, body }) => {
  const deps = await googleDeps();
  const response = await connectGoogleHealth(caller.userId, body, deps);
  // The year of history runs in the background after the 30-day import.
  await startJobsAfterConnect(caller.userId, 'google_health', response.sync, deps.clock());
  return response;
});
