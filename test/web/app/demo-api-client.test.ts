import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { UnifiedActivity } from '@shared/schemas/activity';
import {
  ActivitiesResponse,
  AuthorizeUrlResponse,
  ConnectionsResponse,
  StravaConnectResponse,
} from '@shared/schemas/connections';
import { HealthResponse } from '@shared/schemas/health';
import { MeResponse } from '@shared/schemas/me';
import { createDemoApiClient, DEMO_CONNECT_DELAY_MS } from '@/app/demo-api-client';
import { demoActivityHistory } from '@/lib/demo/demo-strava';

const now = new Date('2026-03-10T18:20:00.000Z');

function demoClient(wait = vi.fn(async () => {})) {
  return {
    client: createDemoApiClient({
      now: () => now,
      origin: 'http://localhost:3000',
      storage: window.sessionStorage,
      wait,
    }),
    wait,
  };
}

describe('createDemoApiClient', () => {
  let fetchSpy: MockInstance<typeof fetch>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });

  it('answers me() with the demo user, valid against the shared schema, without a server call', async () => {
    const me = await createDemoApiClient().me();
    expect(MeResponse.parse(me)).toEqual({
      id: 'demo-user',
      email: 'demo@trailbuddy.app',
      createdAt: expect.any(String),
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reports honestly that demo mode has no database', async () => {
    const report = HealthResponse.parse(await createDemoApiClient({ now: () => now }).health());
    expect(report.status).toBe('degraded');
    expect(report.checkedAt).toBe(now.toISOString());
    expect(report.tables.length).toBeGreaterThan(0);
    expect(report.tables.every((table) => !table.reachable)).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('starts connected to Strava as the demo athlete, Alex Rivera', async () => {
    const { connections } = ConnectionsResponse.parse(await demoClient().client.connections());
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({
      provider: 'strava',
      isActive: true,
      athleteFirstName: 'Alex',
      athleteLastName: 'Rivera',
    });
  });

  it('serves about 15 plausible activities (runs, trail runs and rides) that match the shared schema', async () => {
    const { activities, nextCursor } = ActivitiesResponse.parse(await demoClient().client.activities());
    expect(activities.length).toBeGreaterThanOrEqual(12);
    expect(nextCursor).toBeNull();
    expect(new Set(activities.map((a) => a.activity_type))).toEqual(new Set(['Run', 'Ride']));
    expect(activities.some((a) => /trail/i.test(a.name ?? ''))).toBe(true);
    expect(activities.some((a) => a.heart_rate_avg !== null)).toBe(true);
    for (const item of activities) {
      UnifiedActivity.parse(item);
      expect(Date.parse(item.start_time)).toBeLessThanOrEqual(now.getTime());
      expect(item.average_speed_mps).toBeCloseTo((item.distance_meters ?? 0) / item.duration_seconds, 2);
    }
    const starts = activities.map((a) => Date.parse(a.start_time));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
  });

  it('filters, sorts and pages like the API', async () => {
    const { client } = demoClient();
    const rides = await client.activities({ type: 'ride', sort: 'distance', order: 'asc' });
    expect(rides.activities.length).toBeGreaterThan(1);
    expect(rides.activities.every((a) => a.activity_type === 'Ride')).toBe(true);
    const distances = rides.activities.map((a) => a.distance_meters ?? 0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    expect((await client.activities({ type: 'swim' })).activities).toEqual([]);

    const first = await client.activities({ sort: 'elevation', limit: 4 });
    expect(first.activities).toHaveLength(4);
    const second = await client.activities({ sort: 'elevation', limit: 4, cursor: first.nextCursor ?? undefined });
    const all = await client.activities({ sort: 'elevation' });
    expect([...first.activities, ...second.activities]).toEqual(all.activities.slice(0, 8));
  });

  it('authorizes by leading straight back to the callback screen', async () => {
    const { url } = AuthorizeUrlResponse.parse(await demoClient().client.stravaAuthorizeUrl());
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('http://localhost:3000/auth/strava/callback');
    expect(parsed.searchParams.get('code')).toBeTruthy();
    expect(parsed.searchParams.get('state')).toBeTruthy();
  });

  it('disconnects (remembered for the tab), then connects again after a 1.5 s wait', async () => {
    const { client, wait } = demoClient();
    await client.disconnect('strava');
    expect((await client.connections()).connections).toEqual([]);
    expect((await client.activities()).activities).toEqual([]);
    // A fresh client in the same tab (a page reload) still sees the disconnect.
    expect((await demoClient().client.connections()).connections).toEqual([]);

    const response = StravaConnectResponse.parse(
      await client.connectStrava({ code: 'demo-code', state: 'demo-state' }),
    );
    expect(wait).toHaveBeenCalledWith(DEMO_CONNECT_DELAY_MS);
    expect(DEMO_CONNECT_DELAY_MS).toBe(1500);
    expect(response.connection).toMatchObject({
      athleteFirstName: 'Alex',
      athleteLastName: 'Rivera',
      lastSyncAt: now.toISOString(),
    });
    expect((await client.connections()).connections).toHaveLength(1);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('syncs with nothing new and reports a calm usage reading', async () => {
    const { client } = demoClient();
    const sync = await client.sync('strava');
    expect(sync).toMatchObject({
      kind: 'queued',
      job: {
        provider: 'strava',
        kind: 'import',
        status: 'done',
        result: { imported: 0 },
        finishedAt: now.toISOString(),
      },
    });
    const { jobs } = await client.importJobs();
    expect(jobs.map((job) => `${job.kind}:${job.status}`)).toEqual(['import:done', 'backfill:done']);
    // The backfill reports the active days of the sample year the analysis shows (one workout a day at most), not 0.
    const historyDays = demoActivityHistory(now).length;
    expect(historyDays).toBeGreaterThan(100);
    expect(jobs[1]!.result).toEqual({ imported: 0, updated: 0, days: historyDays });
    // 18:20 UTC: the 15-minute window ends at 18:30.
    expect(await client.stravaUsage()).toMatchObject({ rateLimited: false, minutesLeft: 10 });
    await expect(client.sync('google_health')).rejects.toMatchObject({
      status: 404,
      message: 'Connect Google Health first.',
    });
  });
});
