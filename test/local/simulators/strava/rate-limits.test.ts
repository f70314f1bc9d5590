import { afterEach, describe, expect, it } from 'vitest';
import type { StravaSimulator } from '../../../../infra/local/simulators/strava';
import { api, CLIENT, LIAM, manualClock, MAYA, postToken, startSimulator, json } from './helpers';

const RATE_LIMIT_EXCEEDED = {
  message: 'Rate Limit Exceeded',
  errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
};

let sim: StravaSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

const usageOf = (response: Response) => ({
  overall: response.headers.get('x-ratelimit-usage'),
  read: response.headers.get('x-readratelimit-usage'),
});

describe('rate-limit headers', () => {
  it("carry Strava's default limits and the app's usage on every API response, whatever its status", async () => {
    sim = await startSimulator();
    const token = sim.control.issueTokens(MAYA).access_token;
    const ok = await api(sim, '/athlete', token);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('200,2000');
    expect(ok.headers.get('x-readratelimit-limit')).toBe('100,1000');
    expect(usageOf(ok)).toEqual({ overall: '1,1', read: '1,1' });

    const notFound = await api(sim, '/activities/1', token);
    expect(notFound.status).toBe(404);
    expect(usageOf(notFound)).toEqual({ overall: '2,2', read: '2,2' });

    sim.control.expireAccessTokens();
    const expired = await api(sim, '/athlete', token);
    expect(expired.status).toBe(401);
    expect(usageOf(expired)).toEqual({ overall: '3,3', read: '3,3' });
  });

  it('OAuth endpoints do not count', async () => {
    sim = await startSimulator();
    const tokens = sim.control.issueTokens(MAYA);
    await postToken(sim, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(sim.control.usage()).toEqual({ overall: { fifteenMin: 0, daily: 0 }, read: { fifteenMin: 0, daily: 0 } });
  });

  it('are counted per app, across all its athletes', async () => {
    const other = { clientId: '200002', clientSecret: 'other-secret' };
    sim = await startSimulator({ clients: [CLIENT, other] });
    const maya = sim.control.issueTokens(MAYA).access_token;
    const liam = sim.control.issueTokens(LIAM).access_token;
    const otherApp = sim.control.issueTokens(MAYA, { clientId: other.clientId }).access_token;
    await api(sim, '/athlete', maya);
    expect(usageOf(await api(sim, '/athlete', liam)).overall).toBe('2,2');
    expect(usageOf(await api(sim, '/athlete', otherApp)).overall).toBe('1,1');
  });
});

describe('429 past a limit', () => {
  it('the 100th read in a window passes, the 101st is refused, and refused requests still count', async () => {
    sim = await startSimulator();
    const token = sim.control.issueTokens(MAYA).access_token;
    sim.control.setUsage({ overall: { fifteenMin: 99, daily: 99 }, read: { fifteenMin: 99, daily: 99 } });
    const last = await api(sim, '/athlete', token);
    expect(last.status).toBe(200);
    expect(usageOf(last).read).toBe('100,100');

    const refused = await api(sim, '/athlete', token);
    expect(refused.status).toBe(429);
    expect(await json(refused)).toEqual(RATE_LIMIT_EXCEEDED);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('200,2000');
    expect(usageOf(refused)).toEqual({ overall: '101,101', read: '101,101' });
    expect(usageOf(await api(sim, '/athlete', token)).read).toBe('102,102');
  });

  it('applies the overall limit too, and limits set per test', async () => {
    sim = await startSimulator({ limits: { overall: { fifteenMin: 3 } } });
    expect(sim.control.limits()).toEqual({
      overall: { fifteenMin: 3, daily: 2000 },
      read: { fifteenMin: 100, daily: 1000 },
    });
    const token = sim.control.issueTokens(MAYA).access_token;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await api(sim, '/athlete', token)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    sim.control.setLimits({ overall: { fifteenMin: 10 } });
    const response = await api(sim, '/athlete', token);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('10,2000');
  });

  it('checks the rate limit before the token: an expired token past the limit gets 429', async () => {
    sim = await startSimulator({ limits: { read: { fifteenMin: 1 } } });
    const token = sim.control.issueTokens(MAYA).access_token;
    await api(sim, '/athlete', token);
    sim.control.expireAccessTokens();
    expect((await api(sim, '/athlete', token)).status).toBe(429);
  });

  it('the 15-minute window resets at the next quarter hour, not 15 minutes after the first request', async () => {
    const clock = manualClock('2025-06-01T10:14:00.000Z');
    sim = await startSimulator({ clock: clock.now, limits: { read: { fifteenMin: 2 } } });
    const token = sim.control.issueTokens(MAYA).access_token;
    expect((await api(sim, '/athlete', token)).status).toBe(200);
    expect((await api(sim, '/athlete', token)).status).toBe(200);
    clock.set('2025-06-01T10:14:59.999Z');
    expect((await api(sim, '/athlete', token)).status).toBe(429);
    clock.set('2025-06-01T10:15:00.000Z');
    const fresh = await api(sim, '/athlete', token);
    expect(fresh.status).toBe(200);
    expect(usageOf(fresh).read).toBe('1,4');
  });

  it('the daily window resets at midnight UTC', async () => {
    const clock = manualClock('2025-06-01T23:50:00.000Z');
    sim = await startSimulator({ clock: clock.now });
    const token = sim.control.issueTokens(MAYA).access_token;
    sim.control.setUsage({ read: { daily: 1000 } });
    expect((await api(sim, '/athlete', token)).status).toBe(429);
    clock.set('2025-06-01T23:59:59.999Z');
    expect((await api(sim, '/athlete', token)).status).toBe(429);
    clock.set('2025-06-02T00:00:00.000Z');
    const fresh = await api(sim, '/athlete', token);
    expect(fresh.status).toBe(200);
    expect(usageOf(fresh)).toEqual({ overall: '1,1', read: '1,1' });
  });
});
