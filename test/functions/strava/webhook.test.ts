import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as getWebhook } from '../../../functions/handlers/strava/get-webhook';
import { handler as postWebhook } from '../../../functions/handlers/strava/post-webhook';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getConnection } from '../../../functions/repositories/connections';
import { ROUTES } from '../../../functions/shared/routes';
import { startLocalImportQueue, type LocalImportQueue } from '../../../infra/local/import-queue';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { invoke } from '../../support/api-events';
import { connectAs, newUserId, startStrava, testDeps, VERIFY_TOKEN } from './helpers';
import { useOwnTables } from '../../support/own-tables';

/** Only this file connects Noah: a deauthorization event affects every connection to the athlete. */
// Webhook events find connections by athlete id; other files connect the same simulated athletes.
useOwnTables();

const NOAH = 40100004;

const getRoute = ROUTES.find((r) => r.id === 'get-strava-webhook')!;
const postRoute = ROUTES.find((r) => r.id === 'post-strava-webhook')!;

let sim: StravaSimulator;
let queue: LocalImportQueue;
let userId: string;
beforeAll(async () => {
  // The worker the Lambda runs, fed by the local queue; the webhook's coalescing delay shrunk to milliseconds.
  queue = startLocalImportQueue({ rootDir: process.cwd(), log: () => undefined, timeScale: 0.001 });
  // This file sends many genuine events for Noah; the per-athlete cap has its own file (webhook-abuse.test.ts).
  process.env.STRAVA_WEBHOOK_CALLS_PER_ATHLETE = '1000';
  sim = await startStrava();
  userId = newUserId();
  await connectAs(sim, userId, NOAH, await testDeps());
});
afterAll(async () => {
  delete process.env.STRAVA_WEBHOOK_CALLS_PER_ATHLETE;
  queue.stop();
  await sim.stop();
});

const event = (overrides: Record<string, unknown>) => ({
  object_type: 'activity',
  aspect_type: 'create',
  owner_id: NOAH,
  subscription_id: 1,
  event_time: Math.floor(Date.now() / 1000),
  updates: {},
  ...overrides,
});
/** Delivers the event and lets the worker run what it queued. */
const deliver = async (body: object) => {
  const response = await invoke(postWebhook, postRoute, { body });
  await queue.idle();
  return response;
};
const ids = async (user: string) => (await activitiesOfUser(user)).map((a) => a.provider_activity_id);

describe('GET /api/webhooks/strava (subscription check)', () => {
  it('echoes hub.challenge for the configured verify token', async () => {
    const response = await invoke(getWebhook, getRoute, {
      query: `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=abc123`,
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ 'hub.challenge': 'abc123' });
  });

  it('refuses a wrong token or mode with 403, and a missing challenge with 400', async () => {
    expect(
      (await invoke(getWebhook, getRoute, { query: 'hub.mode=subscribe&hub.verify_token=guess&hub.challenge=abc' }))
        .status,
    ).toBe(403);
    expect(
      (
        await invoke(getWebhook, getRoute, {
          query: `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=abc`,
        })
      ).status,
    ).toBe(403);
    expect(
      (await invoke(getWebhook, getRoute, { query: `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}` })).status,
    ).toBe(400);
  });
});

describe('POST /api/webhooks/strava (events)', () => {
  it('create fetches and stores the activity; a duplicate delivery has one effect', async () => {
    const activity = sim.control.addActivity(NOAH, { sport: 'Ride', name: 'Webhook ride' });
    const first = await deliver(event({ object_id: activity.id }));
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ received: true });
    const second = await deliver(event({ object_id: activity.id }));
    expect(second.status).toBe(200);
    const stored = (await activitiesOfUser(userId)).filter((a) => a.provider_activity_id === String(activity.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Webhook ride', activity_type: 'Ride' });
  });

  it('update re-fetches and overwrites', async () => {
    const activity = sim.control.addActivity(NOAH, { sport: 'Run', name: 'Before' });
    await deliver(event({ object_id: activity.id }));
    sim.control.updateActivity(activity.id, { name: 'After' });
    await deliver(event({ object_id: activity.id, aspect_type: 'update', updates: { title: 'After' } }));
    const stored = (await activitiesOfUser(userId)).filter((a) => a.provider_activity_id === String(activity.id));
    expect(stored.map((a) => a.name)).toEqual(['After']);
  });

  it('delete removes the stored copy without asking Strava (twice is fine); a forged one is undone by the next import', async () => {
    const activity = sim.control.addActivity(NOAH, { sport: 'Walk' });
    await deliver(event({ object_id: activity.id }));
    expect(await ids(userId)).toContain(String(activity.id));
    // Anyone can POST here: a forged delete removes the copy, and the next import (any create event) reads it back.
    sim.control.clearRequests();
    expect((await deliver(event({ object_id: activity.id, aspect_type: 'delete' }))).json).toEqual({ received: true });
    expect(sim.control.requestCount({ path: /^\/api\/v3\// })).toBe(0);
    expect(await ids(userId)).not.toContain(String(activity.id));
    await deliver(event({ object_id: 1 }));
    expect(await ids(userId)).toContain(String(activity.id));

    sim.control.deleteActivity(activity.id);
    for (let i = 0; i < 2; i++) {
      const response = await deliver(event({ object_id: activity.id, aspect_type: 'delete' }));
      expect(response.status).toBe(200);
    }
    expect(await ids(userId)).not.toContain(String(activity.id));
  });

  it('ignores unknown athletes and rejects malformed events without effect', async () => {
    const unknown = await deliver(event({ owner_id: 99_999_999, object_id: 1 }));
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({ received: true });
    const before = await ids(userId);
    expect((await deliver({ object_type: 'activity', object_id: 'x', owner_id: NOAH })).status).toBe(400);
    expect((await deliver(event({ object_type: 'club', object_id: 1 }))).status).toBe(400);
    expect(await ids(userId)).toEqual(before);
  });

  it('athlete deauthorization marks the connection inactive and deletes tokens and data (idempotently); a forged one does nothing', async () => {
    expect((await ids(userId)).length).toBeGreaterThan(0);
    const deauth = event({
      object_type: 'athlete',
      object_id: NOAH,
      aspect_type: 'update',
      updates: { authorized: 'false' },
    });
    // Strava still accepts the athlete's tokens: the event is not genuine.
    expect((await deliver(deauth)).json).toEqual({ received: true });
    expect((await getConnection(userId, 'strava', null))!.isActive).toBe(true);

    sim.control.revokeAccess(NOAH);
    expect((await deliver(deauth)).json).toEqual({ received: true });
    expect((await getConnection(userId, 'strava', null))!.isActive).toBe(false);
    expect((await deliver(deauth)).json).toEqual({ received: true });
    const connection = await getConnection(userId, 'strava', (await testDeps()).cipher);
    expect(connection).toMatchObject({ isActive: false, tokens: null });
    expect(await ids(userId)).toEqual([]);
  });
});
