import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tokenCipherFromSecret } from '../../../functions/lib/token-cipher';

const cipher = tokenCipherFromSecret(randomBytes(32).toString('base64url'));

describe('token cipher (AES-256-GCM)', () => {
  it('round-trips, and never produces the same ciphertext twice', () => {
    const a = cipher.seal('access-token-123', 'connection:u1:strava');
    const b = cipher.seal('access-token-123', 'connection:u1:strava');
    expect(a).not.toBe(b);
    expect(a).not.toContain('access-token-123');
    expect(cipher.open(a, 'connection:u1:strava')).toBe('access-token-123');
  });

  it('refuses a ciphertext moved to another item, altered, or sealed under another secret', () => {
    const sealed = cipher.seal('refresh-token', 'connection:u1:strava');
    // AES-GCM's authentication fails in each case (Node's message), not some unrelated error.
    expect(() => cipher.open(sealed, 'connection:u2:strava')).toThrow(/unable to authenticate data/);
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => cipher.open(`v1.${raw.toString('base64url')}`, 'connection:u1:strava')).toThrow(
      /unable to authenticate data/,
    );
    expect(() =>
      tokenCipherFromSecret(randomBytes(32).toString('base64url')).open(sealed, 'connection:u1:strava'),
    ).toThrow(/unable to authenticate data/);
    expect(() => cipher.open('plain-text', 'connection:u1:strava')).toThrow(/format/);
  });
});
