import { httpRoute } from '../../lib/http';
import { GoogleConnectRequest } from '../../shared/schemas/google';
import { connectGoogleFit } from '../../usecases/google-connect';
import { googleDeps } from '../../usecases/google-deps';

/** POST /api/google/connect — the health callback screen hands over code, state and scope; the server does the rest. */
export const handler = httpRoute({ auth: 'user', body: GoogleConnectRequest }, async ({ caller, body }) =>
  connectGoogleFit(caller.userId, body, await googleDeps()),
);
