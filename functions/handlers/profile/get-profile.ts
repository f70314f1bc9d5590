import { httpRoute } from '../http-route';
import { getProfile } from '../../usecases/profile';

/** GET /api/profile — the caller's profile settings, account details and activity level. */
export const handler = httpRoute({}, async ({ caller, now }) => getProfile(caller, now));
