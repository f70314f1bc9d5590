import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fifteenMinuteWindowStart } from '../../../functions/domain/rate-limit';
import { handler as postWebhook } from '../../../functions/handlers/strava/post-webhook';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { ROUTES } from '../../../functions/shared/routes';
import { syncStrava } from '../../../functions/usecases/strava-sync';
import { WEBHOOK_COALESCE_SECONDS } from '../../../functions/usecases/strava-webhook';
import { startLocalImportQueue, type LocalImportQueue } from '../../../infra/local/import-queue';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { invoke } from '../../support/api-events';
import { connectAs, LIAM, MAYA, newUserId, SOFIA, startStrava, testDeps } from './helpers';
import { useOwnTables } from '../../support/own-tables';

// Webhook events find connections by athlete id; other files connect the same simulated athletes.
useOwnTables();

const postRoute = ROUTES.find((r) => r.id === 'post-strava-webhook')!;
const TIME_SCALE = 0.05;
const INTERVAL_MS = WEBHOOK_COALESCE_SECONDS * 1000 * TIME_SCALE;
let sim: StravaSimulator;
let queue: LocalImportQueue;
beforeAll(async () => {
  sim = await startStrava();
  // The worker the Lambda runs, fed by the local queue; the webhook's 60 s coalescing delay shrunk to 3 s.
  queue = startLocalImportQueue({ rootDir: process.cwd(), log: () => undefined, timeScale: TIME_SCALE });
});
afterAll(async () => {
  queue.stop();
  await sim.stop();
});

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
const listCalls = () => sim.control.requestCount({ path: /^\/api\/v3\/athlete\/activities/ });
const stravaCalls = () => sim.control.requestCount({ path: /^\/api\/v3\// });

/** A hundred webhook events and the imports they queue, on DynamoDB Local beside the rest of a CI run. */
const QUEUE_TIMEOUT_MS = 60_000;

describe('POST /api/webhooks/strava against forgers', { timeout: QUEUE_TIMEOUT_MS }, () => {
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

    await queue.idle();
    expect(stravaCalls()).toBe(0);
    // The genuine subscription's event is applied (by the worker, after the coalescing delay).
    await deliver(event({ object_id: activity.id }));
    await queue.idle();
    expect((await activitiesOfUser(userId)).map((a) => a.provider_activity_id)).toContain(String(activity.id));
  });

  it("answers an unknown athlete exactly like a known one, so the reply reveals nobody's use of TrailBuddy", async () => {
    const known = await deliver(event({ object_id: 1 }));
    const unknown = await deliver(event({ owner_id: 99_999_998, object_id: 1 }));
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(unknown.json).toEqual({ received: true });
  });

  it("100 forged events for one athlete cost one import of that athlete, and other users' syncs are unaffected", async () => {
    const victim = newUserId();
    const other = newUserId();
    await connectAs(sim, victim, LIAM, await testDeps());
    await connectAs(sim, other, SOFIA, await testDeps());
    await queue.idle(); // their first imports and backfills
    // Strava's shared read window has room for one coalesced import plus an ordinary sync, not for 100 fetches.
    sim.control.clearRequests();
    sim.control.setUsage({ read: { fifteenMin: 0 }, overall: { fifteenMin: 0 } });
    sim.control.setLimits({ read: { fifteenMin: 20 } });
    try {
      const genuine = sim.control.addActivity(LIAM, { sport: 'Ride', name: 'Among the forgeries' });
      const forged = Array.from({ length: 100 }, (_, n) => event({ owner_id: LIAM, object_id: 10_000_000 + n }));
      const started = Date.now();
      for (let i = 0; i < forged.length; i += 10) {
        const responses = await Promise.all(forged.slice(i, i + 10).map(deliver));
        expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
        expect(responses.map((r) => r.json)).toEqual(Array(10).fill({ received: true }));
      }
      const intervals = Math.ceil((Date.now() - started) / INTERVAL_MS);
      await queue.idle();
      // One import of Liam's recent window (a page and the empty page after it) per coalescing interval the flood
      // spanned, not one fetch per event.
      expect(listCalls()).toBeLessThanOrEqual(2 * (intervals + 1));
      expect(stravaCalls()).toBe(listCalls());
      expect(sim.control.requestCount({ path: /^\/api\/v3\/activities\// })).toBe(0);
      expect(sim.control.requestCount({ status: 429 })).toBe(0);
      expect((await activitiesOfUser(victim)).map((a) => a.provider_activity_id)).toContain(String(genuine.id));

      const added = sim.control.addActivity(SOFIA, { sport: 'Hike', name: 'After the flood' });
      const synced = await syncStrava(other, await testDeps());
      expect(synced.imported).toBe(1);
      expect((await activitiesOfUser(other)).map((a) => a.provider_activity_id)).toContain(String(added.id));
    } finally {
      sim.control.setLimits({ read: { fifteenMin: 100_000 } });
    }
  });

  it('caps the queued work per athlete and quarter hour: intervals past the cap cost no Strava call', async () => {
    process.env.STRAVA_WEBHOOK_CALLS_PER_ATHLETE = '2';
    // The cap is per quarter hour: the rounds must not straddle one (a run near :59 saw the cap reset and calls
    // come back), so the clock starts at the beginning of this quarter hour and runs on from there.
    vi.useFakeTimers({
      toFake: ['Date'],
      now: fifteenMinuteWindowStart(new Date()).getTime() + 1000,
      shouldAdvanceTime: true,
    });
    onTestFinished(() => {
      vi.useRealTimers();
      delete process.env.STRAVA_WEBHOOK_CALLS_PER_ATHLETE;
    });
    const userId = newUserId();
    await connectAs(sim, userId, MAYA, await testDeps());
    await queue.idle();
    // Four intervals of events; at most two of them may queue an import this quarter hour (each import reads at
    // least one page, so without the cap every round would cost calls).
    const callsPerRound: number[] = [];
    for (let round = 0; round < 4; round++) {
      sim.control.clearRequests();
      await Promise.all(Array.from({ length: 5 }, (_, n) => deliver(event({ owner_id: MAYA, object_id: n + 1 }))));
      await queue.idle();
      callsPerRound.push(stravaCalls());
    }
    expect(callsPerRound.slice(2)).toEqual([0, 0]);
  });
});
