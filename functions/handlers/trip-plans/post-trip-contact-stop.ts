import { httpRoute } from '../http-route';
import { TripContactStopPath, TripContactStopRequest } from '../../shared/schemas/trip-plans';
import { confirmContactStop } from '../../usecases/trip-contacts';

/** POST /api/trip-contact-stops/{token} — public: an emergency contact stops mail from the sender, or all mail. */
export const handler = httpRoute(
  { path: TripContactStopPath, body: TripContactStopRequest },
  async ({ path, body, now }) => confirmContactStop(path.token, body.stop, now),
);
