import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putAccountSuspended } from '../../../functions/repositories/account-tombstones';
import { ROUTES } from '../../../functions/shared/routes';
import { snapshotDiff, snapshotTables, startApiUnderTest, type ApiUnderTest } from '../../local/fuzz/harness';

/** A concrete path for a route template: every {param} becomes a plausible id. */
const concretePath = (template: string) =>
  template.replace(/\{[^}]+\}/g, (param) => (param === '{provider}' ? 'strava' : `p-${randomUUID()}`));

describe('a suspended account, with a token issued before the suspension and still valid', () => {
  let api: ApiUnderTest;
  const sub = `suspended-${randomUUID()}`;
  let token: string;

  const call = (method: string, path: string, body: object = {}) =>
    api.host({
      method,
      path,
      rawQueryString: '',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: Buffer.from(JSON.stringify(body)),
      sourceIp: '127.0.0.1',
    });

  beforeAll(async () => {
    api = await startApiUnderTest(ROUTES);
    token = await api.tokenFor(sub);
    expect((await call('GET', '/api/me')).status).toBe(200);
    await putAccountSuspended(sub, new Date());
  });
  afterAll(() => api?.stop());

  const authenticated = ROUTES.filter((route) => !route.public);

  it('covers the authenticated routes', () => {
    expect(authenticated.length).toBeGreaterThan(30);
  });

  for (const route of authenticated) {
    it(`${route.method} ${route.path} answers 403 account_suspended and writes nothing`, async () => {
      const before = await snapshotTables();
      const response = await call(route.method, concretePath(route.path));
      expect(response.status, response.body.toString().slice(0, 300)).toBe(403);
      const error = (JSON.parse(response.body.toString()) as { error: { code: string; message: string } }).error;
      expect(error).toEqual({
        code: 'account_suspended',
        message: 'This account is suspended for breaking the community rules.',
      });
      expect(snapshotDiff(before, await snapshotTables())).toEqual([]);
    });
  }

  it('leaves everyone else in: another person with the same kind of token is served', async () => {
    const other = await api.tokenFor(`active-${randomUUID()}`);
    const response = await api.host({
      method: 'GET',
      path: '/api/me',
      rawQueryString: '',
      headers: { authorization: `Bearer ${other}` },
      body: Buffer.alloc(0),
      sourceIp: '127.0.0.1',
    });
    expect(response.status).toBe(200);
  });
});
