import { afterEach, describe, expect, it } from 'vitest';
import type { StravaSimulator } from '../../../../infra/local/simulators/strava';
import { api, json, MAYA, startSimulator } from './helpers';

let sim: StravaSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

const revoke = (token: string, init: { header?: boolean; body?: boolean } = { header: true }) =>
  fetch(`${sim!.url}/oauth/revoke`, {
    method: 'POST',
    ...(init.header ? { headers: { Authorization: `Bearer ${token}` } } : {}),
    ...(init.body ? { body: new URLSearchParams({ access_token: token }) } : {}),
  });

describe('the Strava of today', () => {
  it('takes a token as a query parameter and offers both /oauth/deauthorize and /oauth/revoke', async () => {
    sim = await startSimulator();
    const { access_token } = sim.control.issueTokens(MAYA);
    expect((await fetch(`${sim.url}/api/v3/athlete?access_token=${access_token}`)).status).toBe(200);
    // /oauth/revoke reads the Authorization header only.
    expect((await revoke(access_token, { body: true })).status).toBe(401);
    expect((await revoke(access_token)).status).toBe(200);
    expect((await api(sim, '/athlete', access_token)).status).toBe(401);
  });
});

describe('the Strava announced for 1 June 2027', () => {
  it('serves the API on its new host (/v3 here) and reads tokens from the Authorization header only', async () => {
    sim = await startSimulator({ generation: 'june-2027' });
    const { access_token } = sim.control.issueTokens(MAYA);
    expect((await api(sim, '/athlete', access_token)).status).toBe(404);
    const moved = await fetch(`${sim.url}/v3/athlete`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(moved.status).toBe(200);
    expect((await json(moved)).id).toBe(MAYA);
    // Rate-limit headers come from the new host too.
    expect(moved.headers.get('x-readratelimit-usage')).toBe('1,1');
    expect((await fetch(`${sim.url}/v3/athlete?access_token=${access_token}`)).status).toBe(401);
  });

  it('disconnects through /oauth/revoke only; /oauth/deauthorize is gone', async () => {
    sim = await startSimulator();
    await fetch(`${sim.url}/__simulator/generation`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ generation: 'june-2027' }),
    });
    expect(sim.control.generation()).toBe('june-2027');
    const { access_token } = sim.control.issueTokens(MAYA);
    const old = await fetch(`${sim.url}/oauth/deauthorize`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(old.status).toBe(404);
    expect((await revoke(access_token, { body: true })).status).toBe(401);
    expect((await revoke(access_token)).status).toBe(200);
    expect(
      (await fetch(`${sim.url}/v3/athlete`, { headers: { Authorization: `Bearer ${access_token}` } })).status,
    ).toBe(401);
  });
});
