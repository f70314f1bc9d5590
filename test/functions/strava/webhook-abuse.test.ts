import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { handler as postWebhook } from '../../../functions/handlers/strava/post-webhook';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { ROUTES } from '../../../functions/shared/routes';
import { syncStrava } from '../../../functions/usecases/strava-sync';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { invoke } from '../../support/api-events';
import { connectAs, LIAM, newUserId, SOFIA, startStrava, testDeps } from './helpers';

const postRoute = ROUTES.find((r) => r.id === 'post-strava-webhook')!;
let sim: StravaSimulator;
beforeAll(async () => {
  sim = await startStrava();
});
afterAll(() => sim.stop());

const event = (overrides: Record<string, unknown>) => ({
  object_type: 'activity',
  aspect_type: 'create',
  owner_id: SOFIA,
  subscription_id: 1,
  event_time: Math.floor(Date.now() / 1000),
  updates: {},
  ...overrides,
});
const deliver = (body: object) => invoke(postWebhook, postRoute, { body });
const stravaCalls = () => sim.control.requestCount({ path: /^\/api\/v3\// });

describe('POST /api/webhooks/strava against forgers', () => {
  it('ignores events for another subscription: same answer, no Strava call, no effect', async () => {
    // Other files' genuine Sofia events share her quarter's budget: this test is about the subscription, not the cap.
    process.env.STRAVA_WEBHOOK_CALLS_PER_ATHLETE = '1000';
    onTestFinished(() => {
      delete process.env.STRAVA_WEBHOOK_CALLS_PER_ATHLETE;
    });
    const userId = newUserId();
    await connectAs(sim, userId, SOFIA, await testDeps());
    const activity = sim.control.addActivity(SOFIA, { sport: 'Ride', name: 'Forged subscription' });
    sim.control.clearRequests();
    const response = await deliver(event({ object_id: activity.id, subscription_id: 987_654 }));
    expect(response).toMatchObject({ status: 200, json: { received: true } });
    expect(stravaCalls()).toBe(0);
    expect((await activitiesOfUser(userId)).map((a) => a.provider_activity_id)).not.toContain(String(activity.id));

    // The genuine subscription's event is applied.
    await deliver(event({ object_id: activity.id }));
    expect((await activitiesOfUser(userId)).map((a) => a.provider_activity_id)).toContain(String(activity.id));
  });

  it("answers an unknown athlete exactly like a known one, so the reply reveals nobody's use of TrailBuddy", async () => {
    const known = await deliver(event({ object_id: 1 }));
    const unknown = await deliver(event({ owner_id: 99_999_998, object_id: 1 }));
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(unknown.json).toEqual({ received: true });
  });

  it("100 forged events for one athlete spend at most 5 Strava calls, and other users' syncs are unaffected", async () => {
    const victim = newUserId();
    const other = newUserId();
    await connectAs(sim, victim, LIAM, await testDeps());
    await connectAs(sim, other, SOFIA, await testDeps());
    // Strava's shared read window has room for the forged calls' cap plus an ordinary sync, not for 100 more.
    sim.control.clearRequests();
    sim.control.setUsage({ read: { fifteenMin: 0 }, overall: { fifteenMin: 0 } });
    sim.control.setLimits({ read: { fifteenMin: 20 } });
    try {
      const forged = Array.from({ length: 100 }, (_, n) => event({ owner_id: LIAM, object_id: 10_000_000 + n }));
      for (let i = 0; i < forged.length; i += 10) {
        const responses = await Promise.all(forged.slice(i, i + 10).map(deliver));
        expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      }
      expect(stravaCalls()).toBeLessThanOrEqual(5);
      expect(sim.control.requestCount({ status: 429 })).toBe(0);

      const added = sim.control.addActivity(SOFIA, { sport: 'Hike', name: 'After the flood' });
      const synced = await syncStrava(other, await testDeps());
      expect(synced.imported).toBe(1);
      expect((await activitiesOfUser(other)).map((a) => a.provider_activity_id)).toContain(String(added.id));
    } finally {
      sim.control.setLimits({ read: { fifteenMin: 100_000 } });
    }
  });
});
