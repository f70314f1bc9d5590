import { httpRoute } from '../http-route';
import { readEmailPreferences } from '../../usecases/email';

/** GET /api/email-preferences — the caller's per-type email choices. */
export const handler = httpRoute({}, async ({ caller }) => readEmailPreferences(caller.userId));
