import { httpRoute } from '../http-route';
import { UpdateProfileRequest } from '../../shared/schemas/profile';
import { updateProfile } from '../../usecases/profile';

/** PUT /api/profile — replaces the caller's profile settings (the whole object). */
export const handler = httpRoute({ body: UpdateProfileRequest }, async ({ caller, body, now }) =>
  updateProfile(caller, body, now),
);
