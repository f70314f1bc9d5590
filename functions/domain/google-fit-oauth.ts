import { FIT_DATA_TYPES } from './google-fit';

/** Spec §6: what TrailBuddy asks Google for: sign-in basics plus read access to the fitness data it uses. */
export const GOOGLE_FIT_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/fitness.activity.read',
  'https://www.googleapis.com/auth/fitness.body.read',
  'https://www.googleapis.com/auth/fitness.location.read',
  'https://www.googleapis.com/auth/fitness.heart_rate.read',
  'https://www.googleapis.com/auth/fitness.sleep.read',
] as const;

const FITNESS_SCOPE = /^https:\/\/www\.googleapis\.com\/auth\/fitness\.[a-z_]+\.(read|write)$/;

/** Google reports granted scopes space-separated. */
export function parseGoogleScopes(scope: string | undefined | null): string[] {
  return [...new Set((scope ?? '').split(/\s+/).filter(Boolean))];
}

/** Spec §5: Google Fit counts as connected only if the granted scopes include a fitness scope. */
export function hasFitnessScope(scopes: readonly string[]): boolean {
  return scopes.some((scope) => FITNESS_SCOPE.test(scope));
}

/** In plain words, the data each requested fitness scope brings in (issue 11: say what won't be imported). */
const FIT_DATA_NAMES: Record<string, string> = {
  'https://www.googleapis.com/auth/fitness.activity.read': 'activities, steps and calories',
  'https://www.googleapis.com/auth/fitness.location.read': 'distance',
  'https://www.googleapis.com/auth/fitness.heart_rate.read': 'heart rate',
  'https://www.googleapis.com/auth/fitness.body.read': 'body measurements',
  'https://www.googleapis.com/auth/fitness.sleep.read': 'sleep',
};

/** The data TrailBuddy asked for but was not granted, in plain words, in the order of GOOGLE_FIT_SCOPES. */
export function missingFitData(scopes: readonly string[]): { data: string[]; activityMissing: boolean } {
  const missing = GOOGLE_FIT_SCOPES.filter((scope) => scope in FIT_DATA_NAMES && !scopes.includes(scope));
  return {
    data: missing.map((scope) => FIT_DATA_NAMES[scope] as string),
    activityMissing: !canReadFitArea(scopes, 'activity'),
  };
}

/** The sentence the callback screen shows when some fitness data was not granted. */
export function missingFitDataMessage(data: readonly string[]): string {
  const list = data.length <= 1 ? data.join('') : `${data.slice(0, -1).join(', ')} and ${data[data.length - 1]}`;
  return `Google Fit is connected, but TrailBuddy was not allowed to see your ${list}, so that data won't be imported. Reconnect and allow all the fitness permissions to import it.`;
}

/** The area a read needs (activity for steps, calories and sessions; location for distance; heart_rate or body for heart rate). */
export function canReadFitArea(
  scopes: readonly string[],
  area: 'activity' | 'location' | 'heart_rate' | 'body',
): boolean {
  const prefix = `https://www.googleapis.com/auth/fitness.${area}.`;
  return scopes.includes(`${prefix}read`) || scopes.includes(`${prefix}write`);
}

/** The Fit data types a grant lets us read (asking for more would be refused with a 403). The one such list. */
export function readableFitDataTypes(scopes: readonly string[]): string[] {
  return [
    ...(canReadFitArea(scopes, 'activity') ? [FIT_DATA_TYPES.steps, FIT_DATA_TYPES.calories] : []),
    ...(canReadFitArea(scopes, 'location') ? [FIT_DATA_TYPES.distance] : []),
    ...(canReadFitArea(scopes, 'heart_rate') || canReadFitArea(scopes, 'body') ? [FIT_DATA_TYPES.heartRate] : []),
  ];
}

/**
 * The `sub` claim of an ID token received straight from Google's token endpoint over TLS. OpenID Connect lets a
 * client skip the signature check for a token it got that way (Core §3.1.3.7); tokeninfo confirms the audience.
 */
export function idTokenSubject(idToken: string | undefined): string | null {
  if (!idToken) return null;
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
  } catch {
    return null;
  }
}
