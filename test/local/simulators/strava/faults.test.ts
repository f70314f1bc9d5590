import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StravaSimulator } from '../../../../infra/local/simulators/strava';
import { api, exchangeCode, authorizeAs, LIAM, MAYA, startSimulator, json } from './helpers';

let sim: StravaSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

describe('fault injection', () => {
  it('the next N API requests get the status, then service resumes', async () => {
    sim = await startSimulator();
    const token = sim.control.issueTokens(MAYA).access_token;
    sim.control.failNext(2, { status: 503 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await api(sim, '/athlete/activities', token)).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('faults queue in order', async () => {
    sim = await startSimulator();
    const token = sim.control.issueTokens(MAYA).access_token;
    sim.control.failNext(1, { status: 500 });
    sim.control.failNext(1, { status: 502 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await api(sim, '/athlete', token)).status);
    expect(statuses).toEqual([500, 502, 200]);
  });

  it("an injected 429 has Strava's body and, when asked, a Retry-After", async () => {
    sim = await startSimulator();
    const token = sim.control.issueTokens(MAYA).access_token;
    sim.control.failNext(1, { status: 429, retryAfterSeconds: 2 });
    sim.control.failNext(1, { status: 429 });
    const first = await api(sim, '/athlete', token);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(await json(first)).toEqual({
      message: 'Rate Limit Exceeded',
      errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
    });
    const second = await api(sim, '/athlete', token);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBeNull();
    expect((await api(sim, '/athlete', token)).status).toBe(200);
  });

  it('faults only hit paths under their prefix (default: the API), so OAuth can be broken separately', async () => {
    sim = await startSimulator();
    sim.control.failNext(1, { status: 500 }, { pathPrefix: '/oauth/token' });
    const { code } = await authorizeAs(sim, MAYA);
    expect((await exchangeCode(sim, code)).status).toBe(500);
    // The failed exchange never reached Strava's logic, so the code is still good.
    const tokens = await json(await exchangeCode(sim, code));
    sim.control.failNext(1, { status: 503 });
    expect((await exchangeCode(sim, code)).status).toBe(400);
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(503);
  });

  it("a timeout fault never answers, so the caller's own timeout fires; the next request is served", async () => {
    sim = await startSimulator();
    const token = sim.control.issueTokens(MAYA).access_token;
    sim.control.failNext(1, { timeout: true });
    await expect(api(sim, '/athlete', token, { signal: AbortSignal.timeout(300) })).rejects.toThrow(/abort|timeout/i);
    expect((await api(sim, '/athlete', token)).status).toBe(200);
    expect(sim.control.requestCount({ path: '/api/v3/athlete', status: 0 })).toBe(1);
  });

  it('a delayed answer arrives after delayMs', async () => {
    sim = await startSimulator();
    const token = sim.control.issueTokens(MAYA).access_token;
    sim.control.failNext(1, { timeout: true, delayMs: 250 });
    const started = performance.now();
    const response = await api(sim, '/athlete', token);
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('stop() does not wait for a request held open by a timeout fault', async () => {
    const started = await startSimulator();
    sim = started;
    const token = started.control.issueTokens(MAYA).access_token;
    started.control.failNext(1, { timeout: true });
    const pending = api(started, '/athlete', token).catch((error: unknown) => error);
    // Stop once the simulator holds the request (it logs a held request with status 0), not after a guessed pause.
    await vi.waitFor(() => expect(started.control.requests().map((request) => request.status)).toEqual([0]));
    await sim.stop();
    sim = undefined;
    expect(await pending).toBeInstanceOf(Error);
  });

  it("a fault scripted for one athlete hits only requests with that athlete's tokens", async () => {
    sim = await startSimulator();
    const maya = sim.control.issueTokens(MAYA).access_token;
    const liam = sim.control.issueTokens(LIAM).access_token;
    sim.control.failNext(2, { status: 503 }, { athleteId: MAYA });
    expect((await api(sim, '/athlete', liam)).status).toBe(200);
    expect((await api(sim, '/athlete', 'not-a-token')).status).toBe(401);
    expect((await api(sim, '/athlete', maya)).status).toBe(503);
    expect((await api(sim, '/athlete', liam)).status).toBe(200);
    expect((await api(sim, `/athlete?access_token=${maya}`, null)).status).toBe(503);
    expect((await api(sim, '/athlete', maya)).status).toBe(200);
  });

  it("clearFaults(athleteId) drops only that athlete's faults", async () => {
    sim = await startSimulator();
    const maya = sim.control.issueTokens(MAYA).access_token;
    const liam = sim.control.issueTokens(LIAM).access_token;
    sim.control.failNext(1, { status: 500 }, { athleteId: MAYA });
    sim.control.failNext(1, { status: 502 }, { athleteId: LIAM });
    sim.control.clearFaults(MAYA);
    expect((await api(sim, '/athlete', maya)).status).toBe(200);
    expect((await api(sim, '/athlete', liam)).status).toBe(502);
  });

  it('clearFaults drops pending faults', async () => {
    sim = await startSimulator();
    const token = sim.control.issueTokens(MAYA).access_token;
    sim.control.failNext(5, { status: 500 });
    sim.control.clearFaults();
    expect((await api(sim, '/athlete', token)).status).toBe(200);
  });
});

describe('request log', () => {
  it('counts requests by path, method and status', async () => {
    sim = await startSimulator();
    const token = sim.control.issueTokens(MAYA).access_token;
    await api(sim, '/athlete', token);
    await api(sim, '/athlete/activities?page=1', token);
    await api(sim, '/athlete/activities?page=2', token);
    await api(sim, '/activities/1', token);
    expect(sim.control.requestCount()).toBe(4);
    expect(sim.control.requestCount({ path: '/api/v3/athlete/activities' })).toBe(2);
    expect(sim.control.requestCount({ path: /^\/api\/v3\/activities\//, status: 404 })).toBe(1);
    expect(sim.control.requests()[0]).toMatchObject({
      method: 'GET',
      path: '/api/v3/athlete',
      status: 200,
      clientId: '100001',
      athleteId: MAYA,
    });
    sim.control.clearRequests();
    expect(sim.control.requestCount()).toBe(0);
  });
});

describe('HTTP control plane (for tests in another process)', () => {
  it('steers a running simulator', async () => {
    sim = await startSimulator();
    const control = (path: string, init: RequestInit = {}) =>
      fetch(`${sim!.url}/__simulator${path}`, { ...init, headers: { 'content-type': 'application/json' } });

    expect((await control('/health')).status).toBe(200);
    const athletes = await json(await control('/athletes'));
    expect(athletes.map((a: { id: number }) => a.id)).toEqual([40100001, 40100002, 40100003, 40100004]);

    const tokens = await json(await control('/tokens', { method: 'POST', body: JSON.stringify({ athleteId: MAYA }) }));
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(200);

    const added = await json(
      await control(`/athletes/${MAYA}/activities`, {
        method: 'POST',
        body: JSON.stringify({ sport: 'Swim', startDate: '2020-01-01T08:00:00Z' }),
      }),
    );
    expect(added).toMatchObject({ sport_type: 'Swim', start_date: '2020-01-01T08:00:00Z', athleteId: MAYA });
    expect(
      (await control(`/activities/${added.id}`, { method: 'PATCH', body: JSON.stringify({ name: 'Polar bear swim' }) }))
        .status,
    ).toBe(200);
    expect((await json(await api(sim, `/activities/${added.id}`, tokens.access_token))).name).toBe('Polar bear swim');
    expect((await control(`/activities/${added.id}`, { method: 'DELETE' })).status).toBe(204);

    await control('/faults', { method: 'POST', body: JSON.stringify({ count: 1, fault: { status: 503 } }) });
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(503);

    await control('/usage', { method: 'PUT', body: JSON.stringify({ read: { fifteenMin: 0 } }) });
    await control('/limits', { method: 'PUT', body: JSON.stringify({ read: { fifteenMin: 1 } }) });
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(200);
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(429);
    const usage = await json(await control('/usage'));
    expect(usage.read.fifteenMin).toBe(2);
    await control('/usage', { method: 'PUT', body: JSON.stringify({ read: { fifteenMin: 0 } }) });
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(200);
    await control('/limits', { method: 'PUT', body: JSON.stringify({ read: { fifteenMin: 100 } }) });

    expect(
      await json(await control('/expire-tokens', { method: 'POST', body: JSON.stringify({ athleteId: MAYA }) })),
    ).toEqual({ expired: 1 });
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(401);

    const requests = await json(await control('/requests'));
    expect(requests.length).toBeGreaterThan(0);
    expect((await control('/nope')).status).toBe(404);
    expect((await control('/activities/1', { method: 'PATCH', body: JSON.stringify({}) })).status).toBe(400);
    expect((await control('/faults', { method: 'POST', body: '{not json' })).status).toBe(400);
  });

  it('adds an athlete who trains like a seeded one, and scripts and clears faults for that athlete only', async () => {
    sim = await startSimulator();
    const control = (path: string, init: RequestInit = {}) =>
      fetch(`${sim!.url}/__simulator${path}`, { ...init, headers: { 'content-type': 'application/json' } });

    const post = (body: unknown) => control('/athletes', { method: 'POST', body: JSON.stringify(body) });
    const added = await json(await post({ like: MAYA, firstname: 'Eve' }));
    expect(added).toMatchObject({ id: 40200001, firstname: 'Eve', lastname: 'Thompson', city: 'Vancouver' });
    expect((await json(await post({ like: MAYA }))).id).toBe(40200002);
    expect((await post({})).status).toBe(400);
    expect((await post({ like: 1 })).status).toBe(400);
    expect((await post({ like: MAYA, firstname: 7 })).status).toBe(400);
    const ids = (await json(await control('/athletes'))).map((a: { id: number }) => a.id);
    expect(ids).toEqual([40100001, 40100002, 40100003, 40100004, 40200001, 40200002]);

    const tokens = await json(
      await control('/tokens', { method: 'POST', body: JSON.stringify({ athleteId: added.id }) }),
    );
    const mine = await json(await api(sim, '/athlete/activities?per_page=200', tokens.access_token));
    expect(mine.length).toBeGreaterThan(10);
    expect(new Set(mine.map((a: { athlete: { id: number } }) => a.athlete.id))).toEqual(new Set([added.id]));

    const maya = sim.control.issueTokens(MAYA).access_token;
    const fault = { count: 2, fault: { status: 503 }, athleteId: added.id };
    await control('/faults', { method: 'POST', body: JSON.stringify(fault) });
    expect((await api(sim, '/athlete', maya)).status).toBe(200);
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(503);
    expect((await control(`/faults?athlete_id=${MAYA}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(503);
    await control('/faults', { method: 'POST', body: JSON.stringify(fault) });
    await control(`/faults?athlete_id=${added.id}`, { method: 'DELETE' });
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(200);
  });
});
