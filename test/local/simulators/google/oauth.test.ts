import { afterEach, describe, expect, it } from 'vitest';
import type { GoogleSimulator } from '../../../../infra/local/simulators/google';
import { manualClock } from '../strava/helpers';
import {
  listExercises,
  authorizeAs,
  authorizeUrl,
  AVERY,
  CLIENT,
  exchangeCode,
  HEALTH_ACTIVITY,
  HEALTH_LOCATION,
  HEALTH_SLEEP,
  json,
  JORDAN,
  postForm,
  PRIYA,
  REDIRECT_URI,
  startSimulator,
  submitConsent,
} from './helpers';

let sim: GoogleSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

const INVALID_GRANT_CODE = { error: 'invalid_grant', error_description: 'Bad Request' };

describe('GET /o/oauth2/v2/auth and the consent page', () => {
  it('shows an account picker and each Google Health scope ticked with its reference description, Allow and Cancel', async () => {
    sim = await startSimulator();
    const response = await fetch(authorizeUrl(sim));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/<label for="account">Choose an account<\/label>\s*<select id="account" name="account">/);
    expect(html).toContain('Avery Brooks (avery.brooks@example.com)');
    expect(html).toContain('Jordan Lee (jordan.lee@example.com)');
    expect(html).toContain('Priya Singh (priya.singh@example.com)');
    expect(html).toMatch(
      /<input type="checkbox" id="scope-0" name="granted_scope" value="https:\/\/www.googleapis.com\/auth\/googlehealth.activity_and_fitness.readonly" checked> <label for="scope-0">See your Google Health activity and fitness data<\/label>/,
    );
    expect(html).toContain('See your Google Health sleep data');
    expect(html).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="deny">Cancel<\/button>/);
  });

  it('preselects the account named by login_hint', async () => {
    sim = await startSimulator();
    const html = await (await fetch(authorizeUrl(sim, { login_hint: 'jordan.lee@example.com' }))).text();
    expect(html).toContain(`<option value="${JORDAN}" selected>`);
  });

  it.each([
    ['an unknown client', { client_id: 'nope.apps.googleusercontent.com' }, 401, 'invalid_client'],
    ['a redirect URI off localhost', { redirect_uri: 'https://evil.example/cb' }, 400, 'redirect_uri_mismatch'],
    ['a response type other than code', { response_type: 'token' }, 400, 'unsupported_response_type'],
    ['no scope', { scope: '' }, 400, 'invalid_request'],
    ['an unknown scope', { scope: 'openid https://www.googleapis.com/auth/drive' }, 400, 'invalid_scope'],
  ])('shows Google-style error page for %s, without redirecting', async (_name, params, status, error) => {
    sim = await startSimulator();
    const response = await fetch(authorizeUrl(sim, params as Record<string, string>), { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain(`Error ${status}: ${error}`);
  });

  it('enforces exact redirect URIs when the client registers them', async () => {
    sim = await startSimulator({ clients: [{ ...CLIENT, redirectUris: [REDIRECT_URI] }] });
    expect((await fetch(authorizeUrl(sim))).status).toBe(200);
    expect(
      (await fetch(authorizeUrl(sim, { redirect_uri: 'http://localhost:5173/auth/health/callback' }))).status,
    ).toBe(400);
  });

  it('Allow redirects back to the same URI (keeping its query) with state, code and the space-separated granted scopes', async () => {
    sim = await startSimulator();
    const { location, code, state, scope } = await authorizeAs(sim, AVERY, { params: { state: 'abc/xyz=1' } });
    expect(location.origin + location.pathname).toBe('http://localhost:5173/auth/health/callback');
    expect(location.searchParams.get('provider')).toBe('google_health');
    expect(state).toBe('abc/xyz=1');
    expect(code).toMatch(/^4\/0A[\w-]{40,}$/);
    expect(scope.split(' ')).toEqual([
      'openid',
      'https://www.googleapis.com/auth/userinfo.email',
      'https://www.googleapis.com/auth/userinfo.profile',
      HEALTH_ACTIVITY,
      HEALTH_SLEEP,
      HEALTH_LOCATION,
    ]);
  });

  it('unticked Google Health scopes are not granted (the basics always are)', async () => {
    sim = await startSimulator();
    const { scope } = await authorizeAs(sim, AVERY, { healthScopes: [] });
    expect(scope).toBe(
      'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
    );
  });

  it('Cancel redirects back with error=access_denied and the state, and no code', async () => {
    sim = await startSimulator();
    const page = await (await fetch(authorizeUrl(sim))).text();
    const response = await submitConsent(sim, page, 'deny');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('code')).toBeNull();
  });
});

describe('POST /token', () => {
  it('exchanges a code once for Bearer tokens that live an hour, with an ID token naming the account', async () => {
    sim = await startSimulator();
    const { code } = await authorizeAs(sim, AVERY);
    const response = await exchangeCode(sim, code);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ expires_in: 3599, token_type: 'Bearer' });
    expect(body.access_token).toMatch(/^ya29\./);
    expect(body.refresh_token).toMatch(/^1\/\/0/);
    expect(body.scope).toContain(HEALTH_ACTIVITY);
    const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: CLIENT.clientId,
      sub: AVERY,
      email: 'avery.brooks@example.com',
    });

    const again = await exchangeCode(sim, code);
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual(INVALID_GRANT_CODE);
  });

  it('refuses a code after ten minutes, a code for another redirect URI, and made-up codes', async () => {
    const clock = manualClock('2026-05-01T10:00:00.000Z');
    sim = await startSimulator({ clock: clock.now });
    const late = await authorizeAs(sim, AVERY);
    clock.advance(10 * 60_000 + 1);
    expect(await json(await exchangeCode(sim, late.code))).toEqual(INVALID_GRANT_CODE);

    const { code } = await authorizeAs(sim, AVERY);
    const mismatch = await exchangeCode(sim, code, { redirect_uri: 'http://localhost:5173/other' });
    expect(mismatch.status).toBe(400);
    expect(await json(mismatch)).toEqual({ error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
    expect((await exchangeCode(sim, '4/0Amadeup')).status).toBe(400);
  });

  it('answers client and grant errors as Google does', async () => {
    sim = await startSimulator();
    expect(await json(await exchangeCode(sim, 'x', { client_id: 'other' }))).toEqual({
      error: 'invalid_client',
      error_description: 'The OAuth client was not found.',
    });
    const wrongSecret = await exchangeCode(sim, 'x', { client_secret: 'wrong' });
    expect(wrongSecret.status).toBe(401);
    expect(await json(wrongSecret)).toEqual({ error: 'invalid_client', error_description: 'Unauthorized' });
    expect(await json(await exchangeCode(sim, 'x', { grant_type: 'password' }))).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Invalid grant_type: password',
    });
    expect(await json(await exchangeCode(sim, '', {}))).toEqual({
      error: 'invalid_request',
      error_description: 'Missing required parameter: code',
    });
  });

  it('accepts client credentials by HTTP Basic too', async () => {
    sim = await startSimulator();
    const { code } = await authorizeAs(sim, AVERY);
    const response = await fetch(`${sim.url}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ code, redirect_uri: REDIRECT_URI, grant_type: 'authorization_code' }),
    });
    expect(response.status).toBe(200);
  });

  it('refreshes an expired access token with the refresh token, which Google keeps (no new one sent)', async () => {
    const clock = manualClock('2026-05-01T10:00:00.000Z');
    sim = await startSimulator({ clock: clock.now });
    const tokens = sim.control.issueTokens(AVERY);
    expect((await listExercises(sim, tokens.access_token)).status).toBe(200);
    clock.advance(3599 * 1000);
    expect((await listExercises(sim, tokens.access_token)).status).toBe(401);

    const refreshed = await postForm(sim, '/token', {
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
    });
    expect(refreshed.status).toBe(200);
    const body = await json(refreshed);
    expect(body).toMatchObject({ expires_in: 3599, token_type: 'Bearer' });
    expect(body.refresh_token).toBeUndefined();
    expect((await listExercises(sim, body.access_token)).status).toBe(200);
    // The same refresh token keeps working.
    expect(
      (
        await postForm(sim, '/token', {
          client_id: CLIENT.clientId,
          client_secret: CLIENT.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
        })
      ).status,
    ).toBe(200);
  });
});

describe('tokeninfo and revoke', () => {
  it('describes a live access token like Google (string numbers, space-separated scope)', async () => {
    sim = await startSimulator();
    const tokens = sim.control.issueTokens(PRIYA, {
      scope: ['openid', 'https://www.googleapis.com/auth/userinfo.email', HEALTH_ACTIVITY],
    });
    const info = await json(await postForm(sim, '/tokeninfo', { access_token: tokens.access_token }));
    expect(info).toMatchObject({
      aud: CLIENT.clientId,
      azp: CLIENT.clientId,
      sub: PRIYA,
      email: 'priya.singh@example.com',
      email_verified: 'true',
      access_type: 'offline',
    });
    expect(info.expires_in).toMatch(/^\d+$/);
    expect(info.scope.split(' ')).toContain(HEALTH_ACTIVITY);
    const bad = await postForm(sim, '/tokeninfo', { access_token: 'ya29.nope' });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ error: 'invalid_token', error_description: 'Invalid Value' });
  });

  it('revoking the refresh token ends the whole grant; revoking again is a 400', async () => {
    sim = await startSimulator();
    const tokens = sim.control.issueTokens(AVERY);
    expect((await postForm(sim, '/revoke', { token: tokens.refresh_token! })).status).toBe(200);
    expect((await postForm(sim, '/tokeninfo', { access_token: tokens.access_token })).status).toBe(400);
    expect(
      (
        await postForm(sim, '/token', {
          client_id: CLIENT.clientId,
          client_secret: CLIENT.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
        })
      ).status,
    ).toBe(400);
    const again = await postForm(sim, '/revoke', { token: tokens.refresh_token! });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({ error: 'invalid_token', error_description: 'Token expired or revoked' });
    expect(sim.control.grantedScopes(AVERY)).toEqual([]);
  });
});
