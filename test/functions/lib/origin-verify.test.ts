import { afterEach, describe, expect, it, vi } from 'vitest';
import { callRoute, userClaims } from '../../support/api-events';

afterEach(() => vi.unstubAllEnvs());

describe('the API answers only requests that came through CloudFront', () => {
  const TOKEN = 'fJ3kq8ZtV0pW2nX7yR4sL9mC1bH6dG5aQ0eT3uY8iO2wK7zA';

  it('refuses a public and a signed-in route called without the origin header, and serves them with it', async () => {
    vi.stubEnv('ORIGIN_VERIFY_TOKEN', TOKEN);
    const direct = await callRoute('get-health');
    expect(direct.status).toBe(403);
    expect(direct.json).toMatchObject({ error: { code: 'forbidden' } });
    expect((await callRoute('get-me', { claims: userClaims(`ov-${Date.now()}`) })).status).toBe(403);
    const forged = await callRoute('get-health', { headers: { 'x-origin-verify': `${TOKEN.slice(0, -1)}x` } });
    expect(forged.status).toBe(403);

    const through = await callRoute('get-health', { headers: { 'X-Origin-Verify': TOKEN } });
    expect(through.status).not.toBe(403);
    const signedIn = await callRoute('get-me', {
      claims: userClaims(`ov-${Date.now()}`),
      headers: { 'x-origin-verify': TOKEN },
    });
    expect(signedIn.status).toBe(200);
  });

  it('checks nothing where no token is set (locally, the local host applies the same limits)', async () => {
    vi.stubEnv('ORIGIN_VERIFY_TOKEN', '');
    expect((await callRoute('get-health')).status).not.toBe(403);
  });
});
