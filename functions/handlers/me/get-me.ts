import { UnauthorizedError } from '../../lib/errors';
import { httpRoute } from '../../lib/http';
import { ensureUserProfile } from '../../repositories/user-profiles';
import type { MeResponse } from '../../shared/schemas/me';

/** GET /api/me — the signed-in user's account (creates the profile on first call). */
export const handler = httpRoute({ auth: 'user' }, async ({ caller, now }): Promise<MeResponse> => {
  if (!caller.email) throw new UnauthorizedError('Your session has no email; sign in again.');
  const profile = await ensureUserProfile(caller.userId, caller.email, now);
  return { id: profile.userId, email: profile.email, createdAt: profile.createdAt };
});
