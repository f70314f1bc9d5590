import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UnifiedActivity } from '@shared/schemas/activity';
import { AppleIngestResponse, AppleIngestTokenResponse } from '@shared/schemas/apple';
import {
  ActivitiesResponse,
  AuthorizeUrlResponse,
  ConnectionsResponse,
  SyncResponse,
} from '@shared/schemas/connections';
import { GoogleConnectResponse } from '@shared/schemas/google';
import { ImportJobsResponse } from '@shared/schemas/import-jobs';
import { createDemoApiClient } from '@/app/demo-api-client';
import { DEMO_HEALTH_CONNECT_DELAY_MS } from '@/features/connections/demo/health-connections-demo';

const now = new Date('2026-03-10T18:20:00.000Z');

function demoClient() {
  const wait = vi.fn(async () => {});
  const client = createDemoApiClient({
    now: () => now,
    origin: 'http://localhost:3000',
    storage: window.sessionStorage,
    wait,
  });
  return { client, wait };
}

const providersOf = async (client: ReturnType<typeof demoClient>['client']) =>
  ConnectionsResponse.parse(await client.connections()).connections.map((connection) => connection.provider);

describe('demo Google Health and Apple Health (spec health-connections §1)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('starts with only Strava connected', async () => {
    expect(await providersOf(demoClient().client)).toEqual(['strava']);
  });

  it('authorizing Google Health leads straight back to the health callback screen', async () => {
    const { url } = AuthorizeUrlResponse.parse(await demoClient().client.googleAuthorizeUrl());
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('http://localhost:3000/auth/health/callback');
    expect(parsed.searchParams.get('provider')).toBe('google_health');
    expect(parsed.searchParams.get('code')).toBeTruthy();
    expect(parsed.searchParams.get('state')).toBeTruthy();
    expect(parsed.searchParams.get('scope')).toContain('googlehealth.activity_and_fitness.readonly');
  });

  it('connecting Google Health waits 1.5 s, then it is connected with its sample workouts in the list', async () => {
    const { client, wait } = demoClient();
    const response = GoogleConnectResponse.parse(
      await client.connectGoogle({ code: 'demo-code', state: 'demo-state' }),
    );
    expect(wait).toHaveBeenCalledWith(DEMO_HEALTH_CONNECT_DELAY_MS);
    expect(DEMO_HEALTH_CONNECT_DELAY_MS).toBe(1500);
    expect(response.connection).toMatchObject({
      provider: 'google_health',
      isActive: true,
      providerUserIdPrefix: expect.stringMatching(/^.{8}$/),
    });
    expect(response.sync).toMatchObject({ provider: 'google_health', imported: 4 });
    expect(await providersOf(client)).toEqual(['strava', 'google_health']);
    // Like the server, the connect's import is followed by the year's history backfill.
    const { jobs } = ImportJobsResponse.parse(await client.importJobs());
    expect(jobs.filter((job) => job.provider === 'google_health').map((job) => `${job.kind}:${job.status}`)).toEqual([
      'import:done',
      'backfill:done',
    ]);

    const { activities } = ActivitiesResponse.parse(await client.activities({ limit: 50 }));
    const google = activities.filter((a) => a.provider_type === 'google_health');
    expect(google).toHaveLength(4);
    for (const item of google) {
      UnifiedActivity.parse(item);
      expect(Date.parse(item.start_time)).toBeLessThanOrEqual(now.getTime());
    }
    // The daily step summary is above the 1000-step threshold (spec §5).
    expect(google.find((a) => a.name === 'Daily steps')?.steps).toBeGreaterThan(1000);
    const walks = ActivitiesResponse.parse(await client.activities({ type: 'walk' })).activities;
    expect(walks.length).toBeGreaterThan(0);
    expect(walks.every((a) => a.activity_type === 'Walk')).toBe(true);
  });

  it('connecting Apple Health waits 1.5 s and issues a one-time token with the ingest and Shortcut URLs', async () => {
    const { client, wait } = demoClient();
    const issued = AppleIngestTokenResponse.parse(await client.issueAppleIngestToken());
    expect(wait).toHaveBeenCalledWith(1500);
    expect(issued.connection).toMatchObject({ provider: 'apple_health', isActive: true });
    expect(issued.ingestUrl).toBe('http://localhost:3000/api/apple/ingest');
    const again = AppleIngestTokenResponse.parse(await client.issueAppleIngestToken());
    expect(again.token).not.toBe(issued.token);
    expect(AppleIngestResponse.parse(await client.testAppleIngest(issued.ingestUrl, issued.token))).toMatchObject({
      accepted: 0,
      rejected: [],
    });

    const swims = ActivitiesResponse.parse(await client.activities({ type: 'swim' })).activities;
    expect(swims.map((a) => [a.provider_type, a.name])).toEqual([['apple_health', 'Kitsilano Pool Swim']]);
  });

  it('the demo Apple Health connection shows a plausible last ingest, with one unreadable figure', async () => {
    const { client } = demoClient();
    await client.issueAppleIngestToken();
    const apple = ConnectionsResponse.parse(await client.connections()).connections.find(
      (connection) => connection.provider === 'apple_health',
    );
    expect(apple?.lastIngest).toMatchObject({
      receivedAt: now.toISOString(),
      accepted: { workouts: 4, stepDays: 7 },
      problemCount: 1,
      problems: [{ kind: 'incomplete', field: 'totalEnergyBurned' }],
    });
  });

  it('syncs and disconnects each demo provider on its own', async () => {
    const { client } = demoClient();
    await client.connectGoogle({ code: 'c', state: 's' });
    await client.issueAppleIngestToken();
    const sync = SyncResponse.parse(await client.sync('apple_health'));
    expect(sync).toEqual({
      kind: 'synced',
      result: { provider: 'apple_health', imported: 0, updated: 4, lastSyncAt: now.toISOString() },
    });

    await client.disconnect('google_health');
    expect(await providersOf(client)).toEqual(['strava', 'apple_health']);
    const { activities } = await client.activities();
    expect(activities.some((a) => a.provider_type === 'google_health')).toBe(false);
    await expect(client.sync('google_health')).rejects.toMatchObject({
      status: 404,
      message: 'Connect Google Health first.',
    });

    await client.disconnect('strava');
    expect(await providersOf(client)).toEqual(['apple_health']);
    expect(new Set((await client.activities()).activities.map((a) => a.provider_type))).toEqual(
      new Set(['apple_health']),
    );
  });
});
