import { createHash } from 'node:crypto';

/** A recognisable prefix, so a leaked token is easy to spot in a paste or a secret scanner. */
export const INGEST_TOKEN_PREFIX = 'tbah_';
/** 32 random bytes (256 bits) in base64url after the prefix. */
export const INGEST_TOKEN_BYTES = 32;
/** Anything longer is not one of ours; it is refused before hashing. */
const MAX_TOKEN_LENGTH = 200;

/** The token text for fresh random bytes. The caller supplies them, so this stays free of randomness. */
export function ingestTokenFrom(randomBytes: Buffer): string {
  if (randomBytes.length < INGEST_TOKEN_BYTES)
    throw new Error(`An ingest token needs at least ${INGEST_TOKEN_BYTES} random bytes`);
  return `${INGEST_TOKEN_PREFIX}${randomBytes.toString('base64url')}`;
}

/**
 * What is stored instead of the token. The token carries 256 random bits, so a plain SHA-256 (no salt, no
 * stretching) is enough: it cannot be guessed or reversed, and it can be looked up directly.
 */
export function hashIngestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token from an `Authorization: Bearer <token>` header, or null when there is none that could be ours. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const token = match?.[1];
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  return token;
}
