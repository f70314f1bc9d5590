import { verifiedEmailOf, type EmailClaims } from '../lib/verified-email';
import { getMetrics } from '../repositories/metrics';
import { ensureUserProfile, saveProfileSettings, type UserProfileRecord } from '../repositories/user-profiles';
import type { ProfileResponse, ProfileSettings } from '../shared/schemas/profile';
import { refreshPartnerIndex } from './partner-index';

/** Who is asking, as the verified token says. */
export interface ProfileCaller extends EmailClaims {
  userId: string;
}

async function toResponse(profile: UserProfileRecord): Promise<ProfileResponse> {
  const metrics = await getMetrics(profile.userId);
  return {
    id: profile.userId,
    email: profile.email,
    createdAt: profile.createdAt,
    settings: profile.settings,
    level: metrics?.activityLevelLabel ?? null,
  };
}

/** GET /api/profile: the caller's profile (created on first sight, like GET /api/me) and their activity level. */
export async function getProfile(caller: ProfileCaller, now: Date): Promise<ProfileResponse> {
  return toResponse(await ensureUserProfile(caller.userId, verifiedEmailOf(caller), now));
}

/** PUT /api/profile: replaces the settings, then brings the partner index in line (in or out of search). */
export async function updateProfile(
  caller: ProfileCaller,
  settings: ProfileSettings,
  now: Date,
): Promise<ProfileResponse> {
  const saved = await saveProfileSettings(caller.userId, verifiedEmailOf(caller), settings, now);
  await refreshPartnerIndex(caller.userId, saved.settings, now);
  return toResponse(saved);
}
