import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { handler as postWebhook } from '../../../functions/handlers/strava/post-webhook';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getConnection } from '../../../functions/repositories/connections';
import { ROUTES } from '../../../functions/shared/routes';
import { syncStrava } from '../../../functions/usecases/strava-sync';
import { startLocalImportQueue } from '../../../infra/local/import-queue';
import type { Fault, StravaSimulator } from '../../../infra/local/simulators/strava';
import { invoke } from '../../support/api-events';
import { connectAs, LIAM, MAYA, newUserId, SOFIA, startStrava, testDeps, visibleAtStrava } from '../strava/helpers';
import { injectDynamoFaults } from './dynamo-faults';
import { useOwnTables } from '../../support/own-tables';

// Webhook events find connections by athlete id; other files connect the same simulated athletes.
useOwnTables();

let sim: StravaSimulator;
beforeAll(async () => {
  sim = await startStrava();
  process.env.STRAVA_SYNC_PAGE_SIZE = '5';
  process.env.STRAVA_WEBHOOK_CALLS_PER_ATHLETE = '1000';
});
afterAll(async () => {
  delete process.env.STRAVA_SYNC_PAGE_SIZE;
  delete process.env.STRAVA_WEBHOOK_CALLS_PER_ATHLETE;
  await sim.stop();
});
afterEach(() => sim.control.clearFaults());

const LIST_PATH = '/api/v3/athlete/activities';

/** A fetch that lets `okPages` activity-list pages through, then has the simulator answer the next one with `fault`. */
function faultAfterPages(okPages: number, fault: Fault, count = 1): typeof fetch {
  let pages = 0;
  return (input, init) => {
    if (new URL(String(input instanceof Request ? input.url : input)).pathname === LIST_PATH && pages++ === okPages)
      sim.control.failNext(count, fault, { pathPrefix: LIST_PATH });
    return fetch(input, init);
  };
}

const idsOf = async (userId: string) => (await activitiesOfUser(userId)).map((a) => a.provider_activity_id).sort();
const comparable = async (userId: string) =>
  (await activitiesOfUser(userId))
    .map(({ user_id: _u, fetched_at: _f, ...rest }) => rest)
    .sort((a, b) => a.provider_activity_id.localeCompare(b.provider_activity_id));

describe('provider faults during a Strava sync', () => {
  it.each<[string, Fault, number, string]>([
    ['a 500', { status: 500 }, 1, 'strava_sync_failed'],
    ['a 503', { status: 503 }, 1, 'strava_sync_failed'],
    ['429s beyond the back-off retries', { status: 429 }, 10, 'rate_limited'],
    ['a timeout', { timeout: true }, 1, 'strava_network_error'],
  ])(
    '%s on the second page fails this run without duplicates; the next run resumes and gets everything',
    async (_name, fault, count, code) => {
      const userId = newUserId();
      await connectAs(sim, userId, MAYA, await testDeps());
      const lastSyncBefore = (await getConnection(userId, 'strava', null))!.lastSyncAt;
      const added = Array.from({ length: 12 }, (_, n) =>
        sim.control.addActivity(MAYA, {
          sport: 'Run',
          name: `Faulty run ${n}`,
          startDate: new Date(Date.now() - (n + 1) * 60_000),
        }),
      );

      const beforeCount = (await idsOf(userId)).length;
      // Short enough for the hanging page to fail fast, long enough that a busy machine never times out the first one.
      const failing = await testDeps({ fetch: faultAfterPages(1, fault, count), timeoutMs: 3_000, maxRetryDelayMs: 0 });
      await expect(syncStrava(userId, failing)).rejects.toMatchObject({ code });
      const partial = await idsOf(userId);
      expect(new Set(partial).size).toBe(partial.length);
      // A failed run does not move the sync mark, so the next run looks at the same window again.
      expect((await getConnection(userId, 'strava', null))!.lastSyncAt).toBe(lastSyncBefore);

      sim.control.clearFaults();
      const resumed = await syncStrava(userId, await testDeps());
      const stored = await idsOf(userId);
      expect(new Set(stored).size).toBe(stored.length);
      for (const activity of added) expect(stored).toContain(String(activity.id));
      // The result is the whole import's: the failed run's pages count too, as they were not read again.
      expect(resumed.imported).toBe(stored.length - beforeCount);
      expect(partial.length).toBeGreaterThan(beforeCount);
    },
    30_000,
  );
});

describe('a crash in the middle of a sync', () => {
  it('re-running converges to exactly what an uninterrupted sync stores', async () => {
    const crashed = newUserId();
    const control = newUserId();
    const deps = await testDeps();
    await connectAs(sim, crashed, LIAM, deps);
    await connectAs(sim, control, LIAM, deps);
    for (let n = 0; n < 11; n++)
      sim.control.addActivity(LIAM, {
        sport: 'Ride',
        name: `Crash ride ${n}`,
        startDate: new Date(Date.now() - (n + 1) * 90_000),
      });

    // The process "dies" while writing the second page: every write after the first page fails hard.
    let writes = 0;
    const crash = injectDynamoFaults({
      // Activities are written in fenced transactions (held to the connection's generation), formerly in batches.
      attempt: (name) =>
        (name === 'BatchWriteItemCommand' || name === 'TransactWriteItemsCommand') && ++writes > 1 ? 'throttle' : null,
    });
    try {
      await expect(syncStrava(crashed, deps)).rejects.toMatchObject({ code: 'strava_sync_failed' });
    } finally {
      crash.remove();
    }

    await syncStrava(crashed, deps);
    await syncStrava(control, deps);
    const [after, expected] = [await comparable(crashed), await comparable(control)];
    expect(after.length).toBeGreaterThan(11);
    expect(after).toEqual(expected);
    // And it matches what Strava shows within the synced window.
    const visible = new Set(visibleAtStrava(sim, LIAM).map((a) => String(a.id)));
    expect(after.every((a) => visible.has(a.provider_activity_id))).toBe(true);
  }, 60_000);
});

describe('duplicate webhook deliveries', () => {
  const route = ROUTES.find((r) => r.id === 'post-strava-webhook')!;
  const event = (objectId: number, aspect: 'create' | 'update' | 'delete') => ({
    object_type: 'activity',
    aspect_type: aspect,
    object_id: objectId,
    owner_id: SOFIA,
    subscription_id: 1,
    event_time: Math.floor(Date.now() / 1000),
    updates: {},
  });

  it('the same create delivered five times at once stores one activity; five deletes at once remove it once', async () => {
    // The worker runs what the webhook queues (its coalescing delay shrunk to milliseconds).
    const queue = startLocalImportQueue({ rootDir: process.cwd(), log: () => undefined, timeScale: 0.001 });
    onTestFinished(() => queue.stop());
    const userId = newUserId();
    await connectAs(sim, userId, SOFIA, await testDeps());
    const activity = sim.control.addActivity(SOFIA, { sport: 'Ride', name: 'Delivered five times' });
    const creates = await Promise.all(
      Array.from({ length: 5 }, () => invoke(postWebhook, route, { body: event(activity.id, 'create') })),
    );
    expect(creates.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await queue.idle();
    const stored = (await activitiesOfUser(userId)).filter((a) => a.provider_activity_id === String(activity.id));
    expect(stored).toHaveLength(1);
    const countBefore = (await activitiesOfUser(userId)).length;

    sim.control.deleteActivity(activity.id);
    const deletes = await Promise.all(
      Array.from({ length: 5 }, () => invoke(postWebhook, route, { body: event(activity.id, 'delete') })),
    );
    expect(deletes.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const remaining = await activitiesOfUser(userId);
    expect(remaining.some((a) => a.provider_activity_id === String(activity.id))).toBe(false);
    expect(remaining).toHaveLength(countBefore - 1);
  }, 30_000);
});
