import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtAuthorizer } from '../../infra/local/jwt-authorizer';
import { startTestIssuer } from '../support/jwt';

let issuer: Awaited<ReturnType<typeof startTestIssuer>>;
let authorize: ReturnType<typeof createJwtAuthorizer>;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const idClaims = () => ({
  sub: 'user-1',
  email: 'a@b.co',
  token_use: 'id',
  aud: 'client-a',
  iss: issuer.issuer,
  iat: nowSeconds(),
  exp: nowSeconds() + 3600,
});

beforeAll(async () => {
  issuer = await startTestIssuer();
  authorize = createJwtAuthorizer({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, audience: ['client-a'] });
});
afterAll(() => issuer.close());

describe('local JWT authorizer (what the HTTP API authorizer checks)', () => {
  it('accepts a valid ID token and passes its claims on', async () => {
    const result = await authorize(`Bearer ${issuer.sign(idClaims())}`);
    expect(result).toEqual({ ok: true, claims: expect.objectContaining({ sub: 'user-1', email: 'a@b.co' }) });
  });

  it('accepts an access token whose client_id is in the audience', async () => {
    const { aud: _aud, ...claims } = idClaims();
    const result = await authorize(`Bearer ${issuer.sign({ ...claims, token_use: 'access', client_id: 'client-a' })}`);
    expect(result.ok).toBe(true);
  });

  it.each([
    ['no header', () => undefined],
    ['not a bearer token', () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['garbage', () => 'Bearer not.a.jwt'],
    ['another audience', () => `Bearer ${issuer.sign({ ...idClaims(), aud: 'client-b' })}`],
    ['another issuer', () => `Bearer ${issuer.sign({ ...idClaims(), iss: 'http://evil.example/pool' })}`],
    ['expired', () => `Bearer ${issuer.sign({ ...idClaims(), iat: nowSeconds() - 7200, exp: nowSeconds() - 10 })}`],
    ['signed with another key', () => `Bearer ${issuer.sign(idClaims(), issuer.otherKey)}`],
    [
      'tampered payload',
      () => {
        const [header, , signature] = issuer.sign(idClaims()).split('.');
        const forged = Buffer.from(JSON.stringify({ ...idClaims(), sub: 'user-2' })).toString('base64url');
        return `Bearer ${header}.${forged}.${signature}`;
      },
    ],
    [
      'alg none',
      () => {
        const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
        return `Bearer ${header}.${Buffer.from(JSON.stringify(idClaims())).toString('base64url')}.`;
      },
    ],
  ])('rejects %s', async (_name, header) => {
    expect(await authorize(header())).toEqual({ ok: false });
  });

  it('verifies a token once, then only checks that it has not expired', async () => {
    let clock = Date.now();
    const remembering = createJwtAuthorizer({
      issuer: issuer.issuer,
      jwksUri: issuer.jwksUri,
      audience: ['client-a'],
      now: () => clock,
    });
    const token = issuer.sign({ ...idClaims(), exp: nowSeconds() + 60 });
    const first = await remembering(`Bearer ${token}`);
    expect(first.ok).toBe(true);
    if (first.ok) first.claims.sub = 'tampered-by-a-handler';
    expect(await remembering(`Bearer ${token}`)).toEqual({
      ok: true,
      claims: expect.objectContaining({ sub: 'user-1' }),
    });
    clock += 61_000;
    expect(await remembering(`Bearer ${token}`)).toEqual({ ok: false });
    // A token refused once is not remembered: a forged one stays refused however often it comes.
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...idClaims(), sub: 'user-2' })).toString('base64url')}.${signature}`;
    expect(await remembering(`Bearer ${forged}`)).toEqual({ ok: false });
    expect(await remembering(`Bearer ${forged}`)).toEqual({ ok: false });
  });
});
