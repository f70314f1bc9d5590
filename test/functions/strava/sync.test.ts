import { GetCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredProviderData } from '../../../functions/handlers/retention/purge';
import { dynamo } from '../../../functions/lib/dynamo';
import { setLocalImportQueue } from '../../../functions/lib/import-queue';
import { activitiesOfUser, deleteActivitiesOfUser } from '../../../functions/repositories/activities';
import { activeConnections, deactivateConnection, getConnection } from '../../../functions/repositories/connections';
import { keys } from '../../../functions/repositories/keys';
import { listSyncRequests, setManualSyncOnly } from '../../../functions/repositories/sync-requests';
import { connectionDeps } from '../../../functions/usecases/providers/registry';
import { requestOrRunSync } from '../../../functions/usecases/connections';
import { syncStrava } from '../../../functions/usecases/strava-sync';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { manualClock } from '../../local/simulators/strava/helpers';
import { connectAs, LIAM, MAYA, newUserId, SOFIA, startStrava, testDeps, visibleAtStrava } from './helpers';
import { useOwnTables } from '../../support/own-tables';

// This file runs the retention purge, which scans whole tables.
useOwnTables();

let sim: StravaSimulator;
beforeAll(async () => {
  sim = await startStrava();
});
afterAll(() => sim.stop());

const activityItem = async (userId: string, id: number) =>
  (
    await dynamo().send(
      new GetCommand({ TableName: process.env.TABLE_ACTIVITIES!, Key: keys.activity(userId, 'strava', String(id)) }),
    )
  ).Item;

describe('sync', () => {
  it('first sync takes its whole window page after page; re-sync adds only new ones and never duplicates', async () => {
    process.env.STRAVA_SYNC_PAGE_SIZE = '5';
    try {
      const deps = await testDeps();
      const userId = newUserId();
      const windowStart = Date.now() - 30 * 86_400_000;
      const inWindow = visibleAtStrava(sim, LIAM).filter((a) => Date.parse(a.start_date) > windowStart).length;
      expect(inWindow).toBeGreaterThan(5);
      const connected = await connectAs(sim, userId, LIAM, deps);
      expect(connected.sync!.imported).toBe(inWindow);
      const first = await activitiesOfUser(userId);
      expect(first).toHaveLength(inWindow);
      expect(deps.metricsCalls).toEqual([userId]);

      // Nothing new at Strava: nothing imported, nothing duplicated.
      const again = await syncStrava(userId, deps);
      expect(again.imported).toBe(0);
      expect(await activitiesOfUser(userId)).toHaveLength(inWindow);

      // Seven new workouts (more than one page of 5): all arrive, paging until an empty page.
      const added = [1, 2, 3, 4, 5, 6, 7].map((n) =>
        sim.control.addActivity(LIAM, {
          sport: 'Hike',
          name: `New hike ${n}`,
          startDate: new Date(Date.now() - n * 60_000),
        }),
      );
      sim.control.clearRequests();
      const third = await syncStrava(userId, deps);
      expect(third.imported).toBe(7);
      const pages = sim.control.requests().filter((r) => r.path === '/api/v3/athlete/activities');
      expect(pages.length).toBeGreaterThanOrEqual(3);
      const stored = await activitiesOfUser(userId);
      expect(stored).toHaveLength(inWindow + 7);
      expect(new Set(stored.map((a) => a.provider_activity_id)).size).toBe(inWindow + 7);
      for (const activity of added) expect(stored.map((a) => a.provider_activity_id)).toContain(String(activity.id));
      const hike = stored.find((a) => a.provider_activity_id === String(added[0]!.id))!;
      expect(hike).toMatchObject({
        user_id: userId,
        provider_type: 'strava',
        activity_type: 'Hike',
        name: 'New hike 1',
      });
      expect((await getConnection(userId, 'strava', null))!.lastSyncAt).toBe(third.lastSyncAt);
    } finally {
      delete process.env.STRAVA_SYNC_PAGE_SIZE;
    }
  });

  it('stores the raw record and the retention fields server-side, and never returns raw data', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, SOFIA, deps);
    const [one] = await activitiesOfUser(userId);
    expect(one).toBeDefined();
    expect(one).not.toHaveProperty('raw_data');
    const item = (await activityItem(userId, Number(one!.provider_activity_id)))!;
    expect(JSON.parse(String(item.raw_data))).toMatchObject({ id: Number(one!.provider_activity_id) });
    expect(item.fetchedAt).toBe(one!.fetched_at);
    expect(item.expiresAt).toBe(Math.ceil((Date.parse(one!.fetched_at) + 7 * 86_400_000) / 1000));
    expect(item.gsi1pk).toBe(`USER#${userId}`);
    expect(item.gsi1sk).toBe(one!.start_time);
  });
});

describe('a disconnect during a sync', () => {
  it('leaves no activities behind, even if the sync was mid-page when it happened', async () => {
    const setup = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, SOFIA, setup);
    // The user disconnects while Strava is answering the page request.
    const racing = await testDeps({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (String(input).includes('/athlete/activities')) {
          await deactivateConnection(userId, 'strava', new Date());
          await deleteActivitiesOfUser(userId, 'strava');
        }
        return response;
      },
    });
    await expect(syncStrava(userId, racing, 'window')).rejects.toMatchObject({ status: 404 });
    expect(await activitiesOfUser(userId)).toEqual([]);
  });
});

describe('manual_sync_only', () => {
  it('files a pending sync request instead of syncing', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, MAYA, deps);
    await setManualSyncOnly(userId, true, new Date());
    sim.control.clearRequests();

    const response = await requestOrRunSync(userId, 'strava', connectionDeps({ strava: async () => deps }));
    expect(response.kind).toBe('requested');
    if (response.kind !== 'requested') return;
    expect(response.request).toMatchObject({
      request_type: 'activities_sync',
      status: 'pending',
      completed_at: null,
      error_message: null,
    });
    expect(sim.control.requests()).toHaveLength(0);
    expect(await listSyncRequests(userId)).toEqual([response.request]);

    // The job walks every active Strava connection; this user's must be among them. The daily refresh's import
    // job answers the request (test/functions/import-jobs/provider-refresh.test.ts).
    const active: string[] = [];
    for await (const { userId: id } of activeConnections('strava')) active.push(id);
    expect(active).toContain(userId);
  });

  it('starts a background import job for everyone else (the worker is test/functions/import-jobs)', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, MAYA, deps);
    const sent: string[] = [];
    setLocalImportQueue(async (body) => {
      sent.push(body);
    });
    try {
      const answer = await requestOrRunSync(userId, 'strava', connectionDeps({ strava: async () => deps }));
      expect(answer).toMatchObject({ kind: 'queued', job: { provider: 'strava', kind: 'import' } });
      expect(sent.map((body) => JSON.parse(body) as unknown)).toEqual([
        expect.objectContaining({ userId, provider: 'strava' }),
      ]);
    } finally {
      setLocalImportQueue(null);
    }
    // Other providers have their own branch: Google Health is not connected for this user.
    await expect(
      requestOrRunSync(userId, 'google_health', connectionDeps({ strava: async () => deps })),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Google Health is not connected.',
    });
    await expect(
      requestOrRunSync(newUserId(), 'strava', connectionDeps({ strava: async () => deps })),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('7-day retention of synced data', () => {
  it('purges synced activities 7 days after their last fetch and not before; the daily refresh renews the fetch time', async () => {
    const clock = manualClock('2026-11-01T08:00:00.000Z');
    const deps = await testDeps({ clock: clock.now });
    const userId = newUserId();
    await connectAs(sim, userId, MAYA, deps);
    const fetched = await activitiesOfUser(userId);
    expect(fetched.length).toBeGreaterThan(0);
    const fetchedAt = clock.now().getTime();

    await purgeExpiredProviderData(new Date(fetchedAt + 7 * 86_400_000));
    expect(await activitiesOfUser(userId)).toHaveLength(fetched.length);

    await purgeExpiredProviderData(new Date(fetchedAt + 7 * 86_400_000 + 1));
    expect(await activitiesOfUser(userId)).toHaveLength(0);
  });

  it('keeps what the daily refresh re-fetched', async () => {
    const clock = manualClock('2026-10-01T08:00:00.000Z');
    const deps = await testDeps({ clock: clock.now });
    const userId = newUserId();
    await connectAs(sim, userId, SOFIA, deps);
    const before = await activitiesOfUser(userId);
    clock.advance(6 * 86_400_000);
    await syncStrava(userId, deps, 'window');
    await purgeExpiredProviderData(new Date(Date.parse('2026-10-01T08:00:00.000Z') + 8 * 86_400_000));
    const after = await activitiesOfUser(userId);
    // Everything still inside the refreshed 30-day window was re-fetched (every page of it) and kept.
    const stillInWindow = before.filter((a) => Date.parse(a.start_time) > clock.now().getTime() - 30 * 86_400_000);
    expect(stillInWindow.length).toBeGreaterThan(0);
    const afterIds = after.map((a) => a.provider_activity_id);
    expect(afterIds).toEqual(expect.arrayContaining(stillInWindow.map((a) => a.provider_activity_id)));
    // What fell out of the window was not re-fetched, so the purge took it.
    const outOfWindow = before.filter((a) => !stillInWindow.includes(a)).map((a) => a.provider_activity_id);
    expect(afterIds.filter((id) => outOfWindow.includes(id))).toEqual([]);
    for (const activity of after) expect(activity.fetched_at).toBe(clock.now().toISOString());
    // Every page: a filtered Scan returns at most 1 MB per page, and other suites share the table.
    const scanned = [];
    for await (const page of paginateScan(
      { client: dynamo() },
      {
        TableName: process.env.TABLE_ACTIVITIES!,
        FilterExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': userId },
      },
    )) {
      scanned.push(...(page.Items ?? []));
    }
    expect(scanned).toHaveLength(after.length);
  });
});
