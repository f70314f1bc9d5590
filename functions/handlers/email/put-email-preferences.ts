import { httpRoute } from '../http-route';
import { EmailPreferencesUpdate } from '../../shared/schemas/email';
import { updateEmailPreferences } from '../../usecases/email';

/** PUT /api/email-preferences — change some of the caller's email choices. */
export const handler = httpRoute({ body: EmailPreferencesUpdate }, async ({ caller, body, now }) =>
  updateEmailPreferences(caller.userId, body, now),
);
