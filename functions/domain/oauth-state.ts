import { hmacSha256, safeEqual } from '../lib/crypto';

/** How long a Strava authorize URL stays usable (spec: about 10 minutes). */
export const OAUTH_STATE_LIFETIME_MS = 10 * 60 * 1000;

export interface OAuthStateClaims {
  userId: string;
  nonce: string;
  /** Epoch milliseconds. */
  expiresAtMs: number;
}

export type StateCheck =
  | { ok: true; claims: OAuthStateClaims }
  | { ok: false; reason: 'state_invalid' | 'state_wrong_user' | 'state_expired' };

/** `<payload>.<signature>`, both base64url; the payload is readable but cannot be changed without the key. */
export function signState(key: Buffer, claims: OAuthStateClaims): string {
  const payload = Buffer.from(JSON.stringify({ u: claims.userId, n: claims.nonce, e: claims.expiresAtMs })).toString(
    'base64url',
  );
  return `${payload}.${hmacSha256(key, payload).toString('base64url')}`;
}

/** Signature first (a forged state says nothing), then owner, then age. Single use is the caller's job (it needs storage). */
export function checkState(key: Buffer, state: string, userId: string, now: Date): StateCheck {
  const [payload, signature, extra] = state.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'state_invalid' };
  if (!safeEqual(hmacSha256(key, payload), Buffer.from(signature, 'base64url')))
    return { ok: false, reason: 'state_invalid' };
  let claims: OAuthStateClaims;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      u?: unknown;
      n?: unknown;
      e?: unknown;
    };
    if (typeof parsed.u !== 'string' || typeof parsed.n !== 'string' || typeof parsed.e !== 'number')
      return { ok: false, reason: 'state_invalid' };
    claims = { userId: parsed.u, nonce: parsed.n, expiresAtMs: parsed.e };
  } catch {
    return { ok: false, reason: 'state_invalid' };
  }
  if (claims.userId !== userId) return { ok: false, reason: 'state_wrong_user' };
  if (claims.expiresAtMs <= now.getTime()) return { ok: false, reason: 'state_expired' };
  return { ok: true, claims };
}

/** Strava sends the granted scopes comma-separated (e.g. "read,activity:read,profile:read_all"). */
export function parseGrantedScopes(scope: string | undefined): string[] {
  return [
    ...new Set(
      (scope ?? '')
        .split(/[,\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
