import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** Separate keys per purpose, derived from the one APP_SECRET, so a key for one use can never verify another. */
export type KeyPurpose = 'oauth-state' | 'token-encryption' | 'email-tombstone';

export function deriveKey(appSecret: string, purpose: KeyPurpose): Buffer {
  const ikm = Buffer.from(appSecret, 'base64url');
  if (ikm.length < 32) throw new Error('APP_SECRET must be at least 32 bytes (base64url)');
  return Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), `trailbuddy/${purpose}/v1`, 32));
}

export function hmacSha256(key: Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

export function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

const CIPHER_VERSION = 'v1';

/**
 * AES-256-GCM with a random 96-bit IV. `context` is bound as additional data (e.g. user + provider),
 * so a ciphertext copied onto another item does not decrypt.
 */
export function encryptText(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${CIPHER_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptText(key: Buffer, sealed: string, context: string): string {
  const [version, payload] = sealed.split('.');
  if (version !== CIPHER_VERSION || !payload) throw new Error('Unrecognised ciphertext format');
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
