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

/** The area a read needs (activity for steps, calories and sessions; location for distance; heart_rate or body for heart rate). */
export function canReadFitArea(scopes: readonly string[], area: 'activity' | 'location' | 'heart_rate' | 'body'): boolean {
  const prefix = `https://www.googleapis.com/auth/fitness.${area}.`;
  return scopes.includes(`${prefix}read`) || scopes.includes(`${prefix}write`);
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
