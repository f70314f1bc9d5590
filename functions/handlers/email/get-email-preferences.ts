import { httpRoute } from '../http-route';
import { readEmailPreferences } from '../../usecases/email';

/** GET /api/email-preferences — the caller's per-type email choices. */
export const handler = httpRoute({ auth: 'user', readsOnly: true }, async ({ caller }) =>
  readEmailPreferences(caller.userId),
);
