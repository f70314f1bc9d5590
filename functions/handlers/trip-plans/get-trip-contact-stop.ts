import { httpRoute } from '../http-route';
import { TripContactStopPath } from '../../shared/schemas/trip-plans';
import { showContactStop } from '../../usecases/trip-contacts';

/** GET /api/trip-contact-stops/{token} — public: who a contact email's stop link is about; it changes nothing. */
export const handler = httpRoute({ path: TripContactStopPath }, async ({ path, now }) =>
  showContactStop(path.token, now),
);
