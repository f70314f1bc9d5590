import { afterEach, describe, expect, it } from 'vitest';
import type { StravaSimulator } from '../../../../infra/local/simulators/strava';
import {
  api,
  authorizeAs,
  authorizeUrl,
  CLIENT,
  exchangeCode,
  LIAM,
  manualClock,
  MAYA,
  postToken,
  REDIRECT_URI,
  startSimulator,
  submitConsent,
  json,
} from './helpers';

const INVALID_CODE = {
  message: 'Bad Request',
  errors: [{ resource: 'AuthorizationCode', field: 'code', code: 'invalid' }],
};
const INVALID_TOKEN = {
  message: 'Authorization Error',
  errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }],
};
const INVALID_REFRESH = {
  message: 'Bad Request',
  errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }],
};

let sim: StravaSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

describe('GET /oauth/authorize and the consent page', () => {
  it('shows a consent page with an athlete picker and accessible Authorize / Cancel buttons', async () => {
    sim = await startSimulator();
    const response = await fetch(authorizeUrl(sim));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/<label for="athlete_id">[^<]+<\/label>\s*<select id="athlete_id" name="athlete_id">/);
    expect(html).toContain('Maya Thompson (Vancouver)');
    expect(html).toContain('Liam Chen (Squamish)');
    expect(html).toContain('Sofia Martinez (Victoria)');
    expect(html).toMatch(/<button type="submit" name="decision" value="authorize">Authorize<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="cancel">Cancel<\/button>/);
    expect(html).toContain('View data about your activities');
  });

  it('Authorize redirects back with code, state and the granted scope (read always included, commas as Strava writes them)', async () => {
    sim = await startSimulator();
    const page = await (await fetch(authorizeUrl(sim, { state: 'abc/xyz=1' }))).text();
    const response = await submitConsent(sim, page, 'authorize');
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith(`${REDIRECT_URI}?state=`)).toBe(true);
    expect(location).toContain('&scope=read,activity:read,profile:read_all');
    const url = new URL(location);
    expect(url.searchParams.get('state')).toBe('abc/xyz=1');
    expect(url.searchParams.get('code')).toMatch(/^[0-9a-f]{40}$/);
    expect(url.searchParams.get('scope')).toBe('read,activity:read,profile:read_all');
  });

  it('keeps a query string the redirect URI already has', async () => {
    sim = await startSimulator();
    const { code, state } = await authorizeAs(sim, MAYA, { redirect_uri: `${REDIRECT_URI}?from=profile` });
    expect(code).toMatch(/^[0-9a-f]{40}$/);
    expect(state).toBe('state-123');
  });

  it('an athlete who unticks a scope grants less, and the API enforces it', async () => {
    sim = await startSimulator();
    const page = await (await fetch(authorizeUrl(sim))).text();
    const response = await submitConsent(sim, page, 'authorize', (fields) => {
      fields.delete('granted_scope');
      fields.append('granted_scope', 'profile:read_all');
    });
    const granted = new URL(response.headers.get('location') ?? '');
    expect(granted.searchParams.get('scope')).toBe('read,profile:read_all');
    const tokens = await json(await exchangeCode(sim, granted.searchParams.get('code') ?? ''));
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(200);
    const activities = await api(sim, '/athlete/activities', tokens.access_token);
    expect(activities.status).toBe(401);
    expect(await json(activities)).toEqual({
      message: 'Authorization Error',
      errors: [{ resource: 'AccessToken', field: 'activity:read_permission', code: 'missing' }],
    });
  });

  it('Cancel redirects back with error=access_denied and the state', async () => {
    sim = await startSimulator();
    const page = await (await fetch(authorizeUrl(sim, { state: 's-42' }))).text();
    const response = await submitConsent(sim, page, 'cancel');
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get('location') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('s-42');
    expect(url.searchParams.has('code')).toBe(false);
  });

  it.each([
    ['an unknown client_id', { client_id: '999' }, 'client_id'],
    ['a redirect_uri that is not a URL', { redirect_uri: 'not a url' }, 'redirect_uri'],
    ['response_type other than code', { response_type: 'token' }, 'response_type'],
    ['an unknown scope', { scope: 'activity:read,everything' }, 'scope'],
  ])('answers 400 for %s', async (_label, params, field) => {
    sim = await startSimulator();
    const response = await fetch(authorizeUrl(sim, params));
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.message).toBe('Bad Request');
    expect(body.errors[0].field).toBe(field);
  });

  it("checks the redirect host against the app's callback domain (localhost always allowed)", async () => {
    sim = await startSimulator({ clients: [{ ...CLIENT, callbackDomain: 'trailbuddy.example' }] });
    expect((await fetch(authorizeUrl(sim, { redirect_uri: 'https://evil.example/cb' }))).status).toBe(400);
    expect((await fetch(authorizeUrl(sim, { redirect_uri: 'https://app.trailbuddy.example/cb' }))).status).toBe(200);
    expect((await fetch(authorizeUrl(sim, { redirect_uri: 'http://localhost:3000/cb' }))).status).toBe(200);
  });

  it('with approval_prompt=auto, a remembered athlete who already granted the scopes skips the page; force always asks', async () => {
    sim = await startSimulator();
    const page = await (await fetch(authorizeUrl(sim))).text();
    const first = await submitConsent(sim, page, 'authorize');
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toBe(`strava_sim_athlete=${MAYA}`);

    const auto = await fetch(authorizeUrl(sim, { state: 'again' }), { headers: { cookie }, redirect: 'manual' });
    expect(auto.status).toBe(302);
    const url = new URL(auto.headers.get('location') ?? '');
    expect(url.searchParams.get('state')).toBe('again');
    expect(url.searchParams.get('code')).toMatch(/^[0-9a-f]{40}$/);

    const forced = await fetch(authorizeUrl(sim, { approval_prompt: 'force' }), {
      headers: { cookie },
      redirect: 'manual',
    });
    expect(forced.status).toBe(200);
  });
});

describe('POST /oauth/token: code exchange', () => {
  it("returns Strava's token response with the athlete", async () => {
    const clock = manualClock('2025-06-01T12:00:00Z');
    sim = await startSimulator({ clock: clock.now });
    const { code } = await authorizeAs(sim, LIAM);
    const response = await exchangeCode(sim, code, { redirect_uri: REDIRECT_URI });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 21600,
      expires_at: Date.parse('2025-06-01T12:00:00Z') / 1000 + 21600,
      athlete: {
        id: LIAM,
        firstname: 'Liam',
        lastname: 'Chen',
        city: 'Squamish',
        state: 'British Columbia',
        country: 'Canada',
      },
    });
    expect(body.access_token).toMatch(/^[0-9a-f]{40}$/);
    expect(body.refresh_token).toMatch(/^[0-9a-f]{40}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
  });

  it('accepts a JSON body too', async () => {
    sim = await startSimulator();
    const { code } = await authorizeAs(sim, MAYA);
    const response = await fetch(`${sim.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        code,
        grant_type: 'authorization_code',
      }),
    });
    expect(response.status).toBe(200);
  });

  it('a code works once', async () => {
    sim = await startSimulator();
    const { code } = await authorizeAs(sim, MAYA);
    expect((await exchangeCode(sim, code)).status).toBe(200);
    const again = await exchangeCode(sim, code);
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual(INVALID_CODE);
  });

  it('a code expires 10 minutes after it was issued', async () => {
    const clock = manualClock('2025-06-01T12:00:00Z');
    sim = await startSimulator({ clock: clock.now });
    const early = await authorizeAs(sim, MAYA);
    const late = await authorizeAs(sim, MAYA);
    clock.advance(10 * 60 * 1000);
    expect((await exchangeCode(sim, early.code)).status).toBe(200);
    clock.advance(1);
    const expired = await exchangeCode(sim, late.code);
    expect(expired.status).toBe(400);
    expect(await json(expired)).toEqual(INVALID_CODE);
  });

  it('rejects a redirect_uri that differs from the one authorized, and then the code is still unused', async () => {
    sim = await startSimulator();
    const { code } = await authorizeAs(sim, MAYA);
    const mismatch = await exchangeCode(sim, code, { redirect_uri: 'http://localhost:5173/elsewhere' });
    expect(mismatch.status).toBe(400);
    expect(await json(mismatch)).toEqual(INVALID_CODE);
    expect((await exchangeCode(sim, code, { redirect_uri: REDIRECT_URI })).status).toBe(200);
  });

  it("rejects an unknown code, an unknown client and a wrong secret in Strava's shapes", async () => {
    sim = await startSimulator();
    const unknown = await exchangeCode(sim, 'f'.repeat(40));
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual(INVALID_CODE);

    const { code } = await authorizeAs(sim, MAYA);
    const badClient = await postToken(sim, { client_id: '31337', code, grant_type: 'authorization_code' });
    expect(badClient.status).toBe(400);
    expect(await json(badClient)).toEqual({
      message: 'Bad Request',
      errors: [{ resource: 'Application', field: 'client_id', code: 'invalid' }],
    });

    const badSecret = await postToken(sim, { client_secret: 'nope', code, grant_type: 'authorization_code' });
    expect(badSecret.status).toBe(401);
    expect((await json(badSecret)).message).toBe('Authorization Error');

    // Neither failure used the code up.
    expect((await exchangeCode(sim, code)).status).toBe(200);
  });

  it('a code issued to one app is useless to another', async () => {
    const other = { clientId: '200002', clientSecret: 'other-secret' };
    sim = await startSimulator({ clients: [CLIENT, other] });
    const { code } = await authorizeAs(sim, MAYA);
    const response = await postToken(sim, {
      client_id: other.clientId,
      client_secret: other.clientSecret,
      code,
      grant_type: 'authorization_code',
    });
    expect(response.status).toBe(400);
  });
});

describe('POST /oauth/token: refresh', () => {
  async function connected(s: StravaSimulator) {
    const { code } = await authorizeAs(s, MAYA);
    return json(await exchangeCode(s, code)) as Promise<{
      access_token: string;
      refresh_token: string;
      expires_at: number;
    }>;
  }

  it('rotates: a new access and refresh token, the old refresh token stops working', async () => {
    const clock = manualClock('2025-06-01T12:00:00Z');
    sim = await startSimulator({ clock: clock.now });
    const first = await connected(sim);
    clock.advance(5 * 60 * 60 * 1000);

    const refreshed = await postToken(sim, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const second = await json(refreshed);
    expect(second).toMatchObject({
      token_type: 'Bearer',
      expires_in: 21600,
      expires_at: Date.parse('2025-06-01T17:00:00Z') / 1000 + 21600,
    });
    expect(second).not.toHaveProperty('athlete');
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const reused = await postToken(sim, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reused.status).toBe(400);
    expect(await json(reused)).toEqual(INVALID_REFRESH);

    // The replaced access token is dead, the new one works.
    expect((await api(sim, '/athlete', first.access_token)).status).toBe(401);
    expect((await api(sim, '/athlete', second.access_token)).status).toBe(200);
    // And the new refresh token works once.
    expect((await postToken(sim, { grant_type: 'refresh_token', refresh_token: second.refresh_token })).status).toBe(
      200,
    );
  });

  it('two concurrent refreshes with the same token: exactly one wins', async () => {
    sim = await startSimulator();
    const tokens = await connected(sim);
    const results = await Promise.all(
      [1, 2].map(() => postToken(sim!, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('rejects an unknown refresh token and one from another app', async () => {
    const other = { clientId: '200002', clientSecret: 'other-secret' };
    sim = await startSimulator({ clients: [CLIENT, other] });
    expect((await postToken(sim, { grant_type: 'refresh_token', refresh_token: 'nope' })).status).toBe(400);
    const tokens = await connected(sim);
    const foreign = await postToken(sim, {
      client_id: other.clientId,
      client_secret: other.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(foreign.status).toBe(400);
  });

  it('rejects an unknown grant_type', async () => {
    sim = await startSimulator();
    expect((await postToken(sim, { grant_type: 'password' })).status).toBe(400);
  });
});

describe('access token life and deauthorization', () => {
  it("an access token works for 6 hours, then the API answers 401 in Strava's shape", async () => {
    const clock = manualClock('2025-06-01T12:00:00Z');
    sim = await startSimulator({ clock: clock.now });
    const { code } = await authorizeAs(sim, MAYA);
    const tokens = await json(await exchangeCode(sim, code));
    clock.advance(6 * 60 * 60 * 1000 - 1000);
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(200);
    clock.advance(1000);
    const expired = await api(sim, '/athlete', tokens.access_token);
    expect(expired.status).toBe(401);
    expect(await json(expired)).toEqual(INVALID_TOKEN);
    // The refresh token still gets a working access token.
    const refreshed = await json(
      await postToken(sim, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    );
    expect((await api(sim, '/athlete', refreshed.access_token)).status).toBe(200);
  });

  it('control.expireAccessTokens expires them at once', async () => {
    sim = await startSimulator();
    const tokens = sim.control.issueTokens(MAYA);
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(200);
    expect(sim.control.expireAccessTokens(MAYA)).toBe(1);
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(401);
  });

  it('401 for a missing or unknown token', async () => {
    sim = await startSimulator();
    const missing = await api(sim, '/athlete', null);
    expect(missing.status).toBe(401);
    expect(await json(missing)).toEqual(INVALID_TOKEN);
    expect((await api(sim, '/athlete', 'f'.repeat(40))).status).toBe(401);
  });

  it('deauthorize revokes every token of that athlete for that app, and only those', async () => {
    sim = await startSimulator();
    const maya1 = sim.control.issueTokens(MAYA);
    const maya2 = sim.control.issueTokens(MAYA);
    const liam = sim.control.issueTokens(LIAM);
    const response = await fetch(`${sim.url}/oauth/deauthorize`, {
      method: 'POST',
      body: new URLSearchParams({ access_token: maya1.access_token }),
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ access_token: maya1.access_token });

    expect((await api(sim, '/athlete', maya1.access_token)).status).toBe(401);
    expect((await api(sim, '/athlete', maya2.access_token)).status).toBe(401);
    expect((await postToken(sim, { grant_type: 'refresh_token', refresh_token: maya2.refresh_token })).status).toBe(
      400,
    );
    expect((await api(sim, '/athlete', liam.access_token)).status).toBe(200);

    const again = await fetch(`${sim.url}/oauth/deauthorize`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${maya1.access_token}` },
    });
    expect(again.status).toBe(401);
    // The request log names whom each deauthorization was for (a suite counts only its own athlete's).
    const logged = sim.control.requests().filter((r) => r.path === '/oauth/deauthorize');
    expect(logged.map((r) => [r.status, r.athleteId])).toEqual([
      [200, MAYA],
      [401, undefined],
    ]);
  });

  it('after deauthorization approval_prompt=auto asks again', async () => {
    sim = await startSimulator();
    const page = await (await fetch(authorizeUrl(sim))).text();
    const first = await submitConsent(sim, page, 'authorize');
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const code = new URL(first.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const tokens = await json(await exchangeCode(sim, code));
    await fetch(`${sim.url}/oauth/deauthorize`, {
      method: 'POST',
      body: new URLSearchParams({ access_token: tokens.access_token }),
    });
    const response = await fetch(authorizeUrl(sim), { headers: { cookie }, redirect: 'manual' });
    expect(response.status).toBe(200);
  });
});
