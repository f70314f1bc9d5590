import { httpRoute } from '../http-route';
import { verifiedEmailOf } from '../../lib/verified-email';
import { ensureUserProfile } from '../../repositories/user-profiles';
import type { MeResponse } from '../../shared/schemas/me';

/** GET /api/me — the signed-in user's account (creates the profile on first call). */
export const handler = httpRoute({}, async ({ caller, now }): Promise<MeResponse> => {
  const profile = await ensureUserProfile(caller.userId, verifiedEmailOf(caller), now);
  return { id: profile.userId, email: profile.email, createdAt: profile.createdAt };
});
