import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as deleteConnection } from '../../../functions/handlers/connections/delete-connection';
import { handler as getConnections } from '../../../functions/handlers/connections/get-connections';
import { handler as postSync } from '../../../functions/handlers/connections/post-sync';
import { handler as getAuthorizeUrl } from '../../../functions/handlers/google/get-authorize-url';
import { handler as postConnect } from '../../../functions/handlers/google/post-connect';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getConnection } from '../../../functions/repositories/connections';
import { tokenCipher } from '../../../functions/lib/token-cipher';
import { ROUTES, SCHEDULED_JOBS } from '../../../functions/shared/routes';
import { AuthorizeUrlResponse, ConnectionsResponse, SyncResponse } from '../../../functions/shared/schemas/connections';
import { GoogleConnectResponse } from '../../../functions/shared/schemas/google';
import type { GoogleSimulator } from '../../../infra/local/simulators/google';
import { ImportJobsResponse } from '../../../functions/shared/schemas/import-jobs';
import { handler as getImportJobs } from '../../../functions/handlers/import-jobs/get-import-jobs';
import { startLocalImportQueue, type LocalImportQueue } from '../../../infra/local/import-queue';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { invoke, userClaims } from '../../support/api-events';
import { captureLogOutput } from '../../support/captured-logs';
import { startStrava } from '../strava/helpers';
import { AVERY, consentAs, healthUserIdOf, JORDAN, newUserId, PRIYA, startGoogle } from './helpers';

const route = (id: string) => ROUTES.find((r) => r.id === id)!;

let sim: GoogleSimulator;
let strava: StravaSimulator;
let queue: LocalImportQueue;
// Every log line the handlers write, at the most verbose level, to check no token ever appears.
const output = captureLogOutput();

beforeAll(async () => {
  strava = await startStrava();
  sim = await startGoogle();
  queue = startLocalImportQueue({ rootDir: process.cwd(), log: () => undefined, visibilityTimeoutMs: 10 });
});
afterAll(async () => {
  queue.stop();
  await sim.stop();
  await strava.stop();
});

const responses: string[] = [];
async function call(
  handlerFn: Parameters<typeof invoke>[0],
  id: string,
  userId: string | null,
  options: Parameters<typeof invoke>[2] = {},
) {
  const result = await invoke(handlerFn, route(id), { ...options, ...(userId ? { claims: userClaims(userId) } : {}) });
  responses.push(JSON.stringify(result.raw));
  return result;
}

async function authorizeAndConsent(userId: string, sub: string, healthScopes?: string[]) {
  const response = await call(getAuthorizeUrl, 'get-google-authorize-url', userId);
  expect(response.status).toBe(200);
  const { url } = AuthorizeUrlResponse.parse(response.json);
  return consentAs(sim, url, sub, healthScopes);
}

describe('the Google routes', () => {
  it('are listed for CDK and the local host with the secrets they read', () => {
    expect(route('get-google-authorize-url')).toMatchObject({
      method: 'GET',
      path: '/api/google/authorize-url',
      public: false,
      secrets: ['appSecret'],
    });
    expect(route('post-google-connect')).toMatchObject({
      method: 'POST',
      path: '/api/google/connect',
      public: false,
      secrets: ['googleClientSecret', 'appSecret'],
    });
    expect(route('post-connection-sync').secrets).toContain('googleClientSecret');
    expect(route('delete-connection').secrets).toContain('googleClientSecret');
    // The daily refresh is one job for every provider (test/functions/import-jobs/provider-refresh.test.ts).
    expect(SCHEDULED_JOBS.find((j) => j.id === 'google-refresh')).toBeUndefined();
  });

  it('need a signed-in caller', async () => {
    expect((await call(getAuthorizeUrl, 'get-google-authorize-url', null)).status).toBe(401);
    expect((await call(postConnect, 'post-google-connect', null, { body: { code: 'c', state: 's' } })).status).toBe(
      401,
    );
  });
});

describe('connect → list → sync → disconnect over HTTP', () => {
  it('walks the whole journey, never showing a token to the browser or the logs', async () => {
    const userId = newUserId();
    const callback = await authorizeAndConsent(userId, AVERY);
    const connected = await call(postConnect, 'post-google-connect', userId, { body: callback });
    expect(connected.status).toBe(200);
    const body = GoogleConnectResponse.parse(connected.json);
    expect(body.connection).toMatchObject({
      provider: 'google_health',
      isActive: true,
      providerUserIdPrefix: healthUserIdOf(sim, AVERY).slice(0, 8),
    });
    expect(body.sync!.imported).toBeGreaterThan(0);

    const listed = ConnectionsResponse.parse((await call(getConnections, 'get-connections', userId)).json);
    expect(listed.connections.map((c) => c.provider)).toEqual(['google_health']);

    const synced = await call(postSync, 'post-connection-sync', userId, {
      pathParameters: { provider: 'google_health' },
      path: '/api/connections/google_health/sync',
    });
    expect(synced.status).toBe(202);
    expect(SyncResponse.parse(synced.json)).toMatchObject({
      kind: 'queued',
      job: { provider: 'google_health', kind: 'import', status: 'queued' },
    });
    await queue.idle();
    const { jobs } = ImportJobsResponse.parse((await call(getImportJobs, 'get-import-jobs', userId)).json);
    expect(jobs).toEqual([
      expect.objectContaining({
        provider: 'google_health',
        kind: 'import',
        status: 'done',
        result: { imported: 0, updated: expect.any(Number), days: 0 },
      }),
      // The connect queued the year of history after its 30-day import.
      expect.objectContaining({
        provider: 'google_health',
        kind: 'backfill',
        status: 'done',
        result: { imported: 0, updated: 0, days: expect.any(Number) },
      }),
    ]);
    expect(jobs[1]!.result!.days).toBeGreaterThan(200);

    const { accessToken, refreshToken } = (await getConnection(userId, 'google_health', await tokenCipher()))!.tokens!;
    const removed = await call(deleteConnection, 'delete-connection', userId, {
      pathParameters: { provider: 'google_health' },
      path: '/api/connections/google_health',
    });
    expect(removed.status).toBe(204);
    expect(ConnectionsResponse.parse((await call(getConnections, 'get-connections', userId)).json).connections).toEqual(
      [],
    );
    expect(sim.control.grantedScopes(AVERY)).toEqual([]);

    const everything = [...responses, ...output].join('\n');
    for (const secret of [accessToken, refreshToken, callback.code, process.env.GOOGLE_CLIENT_SECRET!])
      expect(everything).not.toContain(secret);
  });

  it('answers bad input and refused connects with clear 4xx envelopes, changing nothing', async () => {
    const userId = newUserId();
    const missingCode = await call(postConnect, 'post-google-connect', userId, { body: { state: 's' } });
    expect(missingCode.status).toBe(400);
    expect(missingCode.json).toMatchObject({
      error: { code: 'validation_failed', fields: { code: expect.any(String) } },
    });
    expect(
      (
        await call(postConnect, 'post-google-connect', userId, {
          body: { code: 'c', state: 's', userId: 'someone-else' },
        })
      ).status,
    ).toBe(400);
    expect((await call(postConnect, 'post-google-connect', userId, { body: '{not json' })).json).toMatchObject({
      error: { code: 'invalid_json' },
    });

    // Someone else's authorization cannot be completed by this caller.
    const other = newUserId();
    const theirs = await authorizeAndConsent(other, JORDAN);
    const stolen = await call(postConnect, 'post-google-connect', userId, { body: theirs });
    expect(stolen.status).toBe(400);
    expect(stolen.json).toMatchObject({ error: { code: 'state_wrong_user' } });

    const noActivity = await authorizeAndConsent(userId, PRIYA, []);
    const refused = await call(postConnect, 'post-google-connect', userId, { body: noActivity });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      error: {
        code: 'missing_activity_scope',
        message: expect.stringContaining('See your Google Health activity and fitness data'),
      },
    });
    expect(await getConnection(userId, 'google_health', null)).toBeNull();

    const notConnected = await call(postSync, 'post-connection-sync', userId, {
      pathParameters: { provider: 'google_health' },
      path: '/api/connections/google_health/sync',
    });
    expect(notConnected.status).toBe(404);
    expect(notConnected.json).toEqual({ error: { code: 'not_found', message: 'Google Health is not connected.' } });
  });

  it('maps a Cloud project without the Google Health API enabled to a 502 that says so, storing nothing', async () => {
    const userId = newUserId();
    const callback = await authorizeAndConsent(userId, JORDAN);
    sim.control.setHealthApiEnabled(false);
    try {
      const refused = await call(postConnect, 'post-google-connect', userId, { body: callback });
      expect(refused.status).toBe(502);
      expect(refused.json).toEqual({
        error: {
          code: 'google_health_api_unavailable',
          message: expect.stringMatching(/^Google Health API error: the Google Health API is not enabled/),
        },
      });
      expect(await getConnection(userId, 'google_health', null)).toBeNull();
    } finally {
      sim.control.setHealthApiEnabled(true);
    }
  });
});

describe('POST /api/google/connect without the activity permission', () => {
  it('stores nothing, says which permission is missing, and leaves the other Google Health permissions unread', async () => {
    const userId = newUserId();
    sim.control.revokeAccess(JORDAN); // Google adds earlier grants (include_granted_scopes): start from none.
    const callback = await authorizeAndConsent(userId, JORDAN, []);
    const refused = await call(postConnect, 'post-google-connect', userId, { body: callback });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      error: {
        code: 'missing_activity_scope',
        message:
          'Google Health was not connected: TrailBuddy needs the permission "See your Google Health activity and fitness data" to read your workouts and daily steps, and it was not granted. Nothing was stored. Please connect again and tick that permission on the Google screen.',
      },
    });
    expect(await getConnection(userId, 'google_health', null)).toBeNull();
    expect(await activitiesOfUser(userId)).toEqual([]);
  });

  it('says nothing more when the permission was granted', async () => {
    const userId = newUserId();
    const json = (
      await call(postConnect, 'post-google-connect', userId, { body: await authorizeAndConsent(userId, AVERY) })
    ).json as Record<string, unknown>;
    expect(GoogleConnectResponse.parse(json).connection.isActive).toBe(true);
    expect(Object.keys(json).sort()).toEqual(['connection', 'sync']);
  });
});
