import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkState,
  OAUTH_STATE_LIFETIME_MS,
  parseGrantedScopes,
  signState,
} from '../../../functions/domain/oauth-state';
import { deriveKey } from '../../../functions/lib/crypto';

const key = deriveKey(randomBytes(32).toString('base64url'), 'oauth-state');
const now = new Date('2026-11-21T12:00:00.000Z');
const claims = { userId: 'user-1', nonce: 'n-1', expiresAtMs: now.getTime() + OAUTH_STATE_LIFETIME_MS };

describe('OAuth state', () => {
  it('verifies its own signature for the same user before expiry', () => {
    expect(checkState(key, signState(key, claims), 'user-1', now)).toEqual({ ok: true, claims });
    expect(OAUTH_STATE_LIFETIME_MS).toBe(10 * 60 * 1000);
  });

  it('refuses a state signed with another key, changed, truncated or malformed', () => {
    const state = signState(key, claims);
    const otherKey = deriveKey(randomBytes(32).toString('base64url'), 'oauth-state');
    const [payload, signature] = state.split('.') as [string, string];
    const changed = Buffer.from(JSON.stringify({ u: 'user-1', n: 'n-2', e: claims.expiresAtMs })).toString('base64url');
    for (const bad of [
      signState(otherKey, claims),
      `${changed}.${signature}`,
      payload,
      `${payload}.${signature}.x`,
      '',
      '..',
      `${payload}.`,
    ]) {
      expect(checkState(key, bad, 'user-1', now), bad).toEqual({ ok: false, reason: 'state_invalid' });
    }
  });

  it('refuses another user and an expired state (the expiry instant itself included)', () => {
    const state = signState(key, claims);
    expect(checkState(key, state, 'user-2', now)).toEqual({ ok: false, reason: 'state_wrong_user' });
    expect(checkState(key, state, 'user-1', new Date(claims.expiresAtMs - 1)).ok).toBe(true);
    expect(checkState(key, state, 'user-1', new Date(claims.expiresAtMs))).toEqual({
      ok: false,
      reason: 'state_expired',
    });
  });

  it('keys for different purposes differ, so a token key cannot sign states', () => {
    const secret = randomBytes(32).toString('base64url');
    expect(deriveKey(secret, 'oauth-state').equals(deriveKey(secret, 'token-encryption'))).toBe(false);
    expect(() => deriveKey(randomBytes(16).toString('base64url'), 'oauth-state')).toThrow(/at least 32 bytes/);
  });
});

describe('parseGrantedScopes', () => {
  it("splits Strava's comma list, dropping blanks and repeats", () => {
    expect(parseGrantedScopes('read,activity:read,profile:read_all')).toEqual([
      'read',
      'activity:read',
      'profile:read_all',
    ]);
    expect(parseGrantedScopes(' read, ,read ')).toEqual(['read']);
    expect(parseGrantedScopes(undefined)).toEqual([]);
  });
});
