import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ATHLETE_CAPACITY,
  SELF_SERVE_ATHLETE_CAPACITY,
  type StravaSimulator,
} from '../../../../infra/local/simulators/strava';
import { api, authorizeAs, exchangeCode, json, LIAM, MAYA, NOAH, SOFIA, startSimulator } from './helpers';

let sim: StravaSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

async function connect(athleteId: number): Promise<Response> {
  const { code } = await authorizeAs(sim!, athleteId);
  return exchangeCode(sim!, code);
}

describe("an app's athlete capacity", () => {
  it('is far above the self-serve 10 unless a test sets it', async () => {
    sim = await startSimulator();
    expect(SELF_SERVE_ATHLETE_CAPACITY).toBe(10);
    expect(sim.control.athleteCapacity()).toBe(DEFAULT_ATHLETE_CAPACITY);
  });

  it('refuses a new athlete past it at the code exchange with 403, and no token is issued', async () => {
    sim = await startSimulator({ athleteCapacity: 2 });
    expect((await connect(MAYA)).status).toBe(200);
    expect((await connect(LIAM)).status).toBe(200);

    const refused = await connect(SOFIA);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({
      message: 'Limit of connected athletes exceeded',
      errors: [{ resource: 'Athlete', field: 'athletes', code: 'limit exceeded' }],
    });
    expect(sim.control.requestCount({ path: '/oauth/token', status: 403 })).toBe(1);

    // An athlete already connected is not a new one: reconnecting still works.
    const again = await connect(MAYA);
    expect(again.status).toBe(200);
    expect((await api(sim, '/athlete', (await json(again)).access_token)).status).toBe(200);
  });

  it('frees a place when an athlete deauthorizes, and is settable through the control plane', async () => {
    sim = await startSimulator();
    const set = await fetch(`${sim.url}/__simulator/capacity`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ athleteCapacity: 1 }),
    });
    expect(await set.json()).toEqual({ athleteCapacity: 1 });
    const maya = await json(await connect(MAYA));
    expect((await connect(NOAH)).status).toBe(403);

    await fetch(`${sim.url}/oauth/deauthorize`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${maya.access_token}` },
    });
    expect((await connect(NOAH)).status).toBe(200);
    expect(
      (
        await fetch(`${sim.url}/__simulator/capacity`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ athleteCapacity: 'ten' }),
        })
      ).status,
    ).toBe(400);
  });
});
