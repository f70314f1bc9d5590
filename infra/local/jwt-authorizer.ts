import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { JwtClaims } from './api-gateway-event';

export interface JwtAuthorizerOptions {
  /** e.g. http://localhost:9229/local_abc — the emulator's issuer for the pool. */
  issuer: string;
  jwksUri: string;
  /** App client ids accepted, as in the HTTP API authorizer's audience list. */
  audience: readonly string[];
  /** The clock a remembered token's expiry is checked against (ms since the epoch); tests move it. */
  now?: () => number;
}

/** How many verified tokens the host remembers at most (a few per signed-in user); then it starts over. */
const MAX_REMEMBERED_TOKENS = 1000;

export type AuthorizerResult = { ok: true; claims: JwtClaims } | { ok: false };

/**
 * What API Gateway's JWT authorizer does for an HTTP API: a Bearer token in Authorization,
 * RS256 signature from the issuer's JWKS, `iss` equal to the issuer, not expired (nbf/iat sane),
 * and `aud` — or, for access tokens, `client_id` — in the audience list.
 */
export function createJwtAuthorizer(
  options: JwtAuthorizerOptions,
): (authorization: string | undefined) => Promise<AuthorizerResult> {
  const verifier = JwtRsaVerifier.create({
    issuer: options.issuer,
    jwksUri: options.jwksUri,
    audience: null,
    graceSeconds: 0,
  });
  // aws-jwt-verify fetches JWKS over https only; the emulator serves plain http on loopback,
  // so the keys are fetched here and handed to the verifier's cache.
  let jwksLoaded: Promise<void> | undefined;
  const loadJwks = () =>
    (jwksLoaded ??= fetch(options.jwksUri)
      .then((response) => {
        if (!response.ok) throw new Error(`JWKS ${options.jwksUri} answered ${response.status}`);
        return response.json();
      })
      .then((jwks) => verifier.cacheJwks(jwks as Parameters<typeof verifier.cacheJwks>[0]))
      .catch((error: unknown) => {
        jwksLoaded = undefined;
        throw error;
      }));

  // A token's signature and claims never change, so each token is verified once and then only its expiry is checked:
  // API Gateway's authorizer does not run in the function, and verifying RS256 on every request was a share of the
  // local host's per-request CPU, on the same event loop as the handlers (api-read-p99).
  const now = options.now ?? Date.now;
  const verified = new Map<string, JwtClaims>();

  return async (authorization) => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return { ok: false };
    const remembered = verified.get(token);
    if (remembered) {
      if (Number(remembered.exp) * 1000 > now()) return { ok: true, claims: { ...remembered } };
      verified.delete(token);
      return { ok: false };
    }
    try {
      await loadJwks();
      const payload = (await verifier.verify(token)) as unknown as JwtClaims;
      const audience = typeof payload.aud === 'string' ? payload.aud : payload.client_id;
      if (typeof audience !== 'string' || !options.audience.includes(audience)) return { ok: false };
      if (verified.size >= MAX_REMEMBERED_TOKENS) verified.clear();
      verified.set(token, payload);
      return { ok: true, claims: { ...payload } };
    } catch {
      return { ok: false };
    }
  };
}
