import { activitySuggestions } from '../domain/matching-facts';
import { LONG_RANGE_DAYS } from '../domain/metrics';
import { verifiedEmailOf, type EmailClaims } from '../lib/verified-email';
import { getMetrics, listDailyAggregates } from '../repositories/metrics';
import { ensureUserProfile, saveProfileSettings, type UserProfileRecord } from '../repositories/user-profiles';
import { DEFAULT_TIME_ZONE } from '../shared/schemas/metrics';
import type { ProfileResponse, ProfileSettings } from '../shared/schemas/profile';
import { activeProvidersOf } from './metrics';
import { refreshPartnerIndex } from './partner-index';

/** Who is asking, as the verified token says. */
export interface ProfileCaller extends EmailClaims {
  userId: string;
}

/** The days the owner's suggestions are taken from: the metrics' long range (pace uses the last part of it). */
function suggestionDaysFrom(now: Date): string {
  return new Date(now.getTime() - LONG_RANGE_DAYS * 86_400_000).toISOString().slice(0, 10);
}

async function toResponse(profile: UserProfileRecord, now: Date): Promise<ProfileResponse> {
  const [metrics, days, active] = await Promise.all([
    getMetrics(profile.userId),
    // Every source, Strava included: the suggestions are shown to this same user only.
    listDailyAggregates(profile.userId, { from: suggestionDaysFrom(now) }),
    activeProvidersOf(profile.userId),
  ]);
  return {
    id: profile.userId,
    email: profile.email,
    createdAt: profile.createdAt,
    settings: profile.settings,
    level: metrics?.activityLevelLabel ?? null,
    suggested: activitySuggestions(
      days,
      active.map((entry) => entry.provider),
      { now, timeZone: metrics?.timeZone ?? DEFAULT_TIME_ZONE },
    ),
  };
}

/** GET /api/profile: the caller's profile (created on first sight, like GET /api/me) and their activity level. */
export async function getProfile(caller: ProfileCaller, now: Date): Promise<ProfileResponse> {
  return toResponse(await ensureUserProfile(caller.userId, verifiedEmailOf(caller), now), now);
}

/** PUT /api/profile: replaces the settings, then brings the partner index in line (in or out of search). */
export async function updateProfile(
  caller: ProfileCaller,
  settings: ProfileSettings,
  now: Date,
): Promise<ProfileResponse> {
  const saved = await saveProfileSettings(caller.userId, verifiedEmailOf(caller), settings, now);
  await refreshPartnerIndex(caller.userId, saved.settings, now);
  return toResponse(saved, now);
}
