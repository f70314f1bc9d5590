/*
 * Scopes from the Google Health API v4 discovery document (health/v4/health-api.json, read 2026-11-28): every scope
 * begins https://www.googleapis.com/auth/googlehealth.; users.dataTypes.dataPoints.list and dailyRollUp accept
 * `googlehealth.activity_and_fitness.readonly` ("See your Google Health activity and fitness data"), and so does
 * users.getIdentity. Exercises and steps are activity and fitness data, so that one scope is all TrailBuddy reads.
 */

/** The one permission TrailBuddy reads with: exercises, daily steps and the person's Health user id. */
export const GOOGLE_HEALTH_ACTIVITY_SCOPE =
  'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly';

/** What TrailBuddy asks Google for: only the scopes it reads. */
export const GOOGLE_HEALTH_SCOPES = [GOOGLE_HEALTH_ACTIVITY_SCOPE] as const;

/** The permission's name as Google's consent screen words it. */
export const GOOGLE_HEALTH_ACTIVITY_PERMISSION = 'See your Google Health activity and fitness data';

/** Google reports granted scopes space-separated. */
export function parseGoogleScopes(scope: string | undefined | null): string[] {
  return [...new Set((scope ?? '').split(/\s+/).filter(Boolean))];
}

/** The read-only scope, or the read-write one (which includes reading), lets TrailBuddy read activity. */
export function canReadActivity(scopes: readonly string[]): boolean {
  return (
    scopes.includes(GOOGLE_HEALTH_ACTIVITY_SCOPE) ||
    scopes.includes(GOOGLE_HEALTH_ACTIVITY_SCOPE.replace(/\.readonly$/, ''))
  );
}
