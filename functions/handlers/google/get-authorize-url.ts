import { httpRoute } from '../http-route';
import { createGoogleAuthorizeUrl } from '../../usecases/google-connect';
import { googleDeps } from '../../usecases/google-deps';

/** GET /api/google/authorize-url — Google's consent URL (the Google Health activity scope, offline access) with a signed, single-use state. */
export const handler = httpRoute({}, async ({ caller }) => createGoogleAuthorizeUrl(caller.userId, await googleDeps()));
