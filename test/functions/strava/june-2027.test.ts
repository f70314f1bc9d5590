import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getConnection } from '../../../functions/repositories/connections';
import { connectionDeps } from '../../../functions/usecases/providers/registry';
import { disconnectProvider } from '../../../functions/usecases/connections';
import type { StravaGeneration, StravaSimulator } from '../../../infra/local/simulators/strava';
import { connectAs, MAYA, newUserId, startStrava, testDeps } from './helpers';

/** Every request the Strava functions send, as the wire sees it. */
function recordingFetch() {
  const sent: Array<{ url: string; body: string; authorization: string | null }> = [];
  const wrapped: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({
      url: request.url,
      body: request.body ? await request.clone().text() : '',
      authorization: request.headers.get('authorization'),
    });
    return fetch(request);
  };
  return { sent, fetch: wrapped };
}

describe.each<{ generation: StravaGeneration; apiPath: string; revokePath: string | null }>([
  { generation: 'current', apiPath: '/api/v3', revokePath: null },
  { generation: 'june-2027', apiPath: '/v3', revokePath: '/oauth/revoke' },
])('Strava as of $generation: connect, import, disconnect', ({ generation, apiPath, revokePath }) => {
  let sim: StravaSimulator;
  beforeAll(async () => {
    sim = await startStrava({ generation });
    // The settings a deployment changes for June 2027: the API host and the revoke endpoint.
    process.env.STRAVA_API_BASE_URL = `${sim.url}${apiPath}`;
    if (revokePath) process.env.STRAVA_REVOKE_URL = `${sim.url}${revokePath}`;
    else delete process.env.STRAVA_REVOKE_URL;
  });
  afterAll(async () => {
    delete process.env.STRAVA_REVOKE_URL;
    await sim.stop();
  });

  it('sends every token in the Authorization header only, and disconnecting revokes it at Strava', async () => {
    const wire = recordingFetch();
    const deps = await testDeps({ fetch: wire.fetch });
    const athlete = sim.control.addAthlete(MAYA);
    const userId = newUserId();

    const connected = await connectAs(sim, userId, athlete.id, deps);
    expect(connected.sync?.imported).toBeGreaterThan(0);
    expect((await activitiesOfUser(userId)).length).toBe(connected.sync?.imported);
    const tokens = (await getConnection(userId, 'strava', deps.cipher))!.tokens!;

    await disconnectProvider(userId, 'strava', deps.clock(), connectionDeps({ strava: async () => deps }));
    const revokedAt = revokePath ?? '/oauth/deauthorize';
    expect(sim.control.requestCount({ method: 'POST', path: revokedAt, status: 200 })).toBe(1);
    const afterwards = await fetch(`${sim.url}${apiPath}/athlete`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(afterwards.status).toBe(401);

    const apiCalls = wire.sent.filter((r) => r.url.startsWith(`${sim.url}${apiPath}/`));
    const revokes = wire.sent.filter((r) => r.url === `${sim.url}${revokedAt}`);
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(revokes).toHaveLength(1);
    for (const request of [...apiCalls, ...revokes]) {
      expect(new URL(request.url).searchParams.has('access_token'), request.url).toBe(false);
      expect(request.body, request.url).not.toContain('access_token');
      expect(request.authorization, request.url).toMatch(/^Bearer \S+$/);
    }
  });
});
