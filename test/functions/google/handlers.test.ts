import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as deleteConnection } from '../../../functions/handlers/connections/delete-connection';
import { handler as getConnections } from '../../../functions/handlers/connections/get-connections';
import { handler as postSync } from '../../../functions/handlers/connections/post-sync';
import { handler as getAuthorizeUrl } from '../../../functions/handlers/google/get-authorize-url';
import { handler as postConnect } from '../../../functions/handlers/google/post-connect';
import { logger } from '../../../functions/lib/logger';
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
import { startStrava } from '../strava/helpers';
import { AVERY, consentAs, JORDAN, newUserId, PRIYA, startGoogle } from './helpers';

const route = (id: string) => ROUTES.find((r) => r.id === id)!;

let sim: GoogleSimulator;
let strava: StravaSimulator;
let queue: LocalImportQueue;
const output: string[] = [];
const originalStdout = process.stdout.write.bind(process.stdout);
const originalStderr = process.stderr.write.bind(process.stderr);

beforeAll(async () => {
  strava = await startStrava();
  sim = await startGoogle();
  queue = startLocalImportQueue({ rootDir: process.cwd(), log: () => undefined, visibilityTimeoutMs: 10 });
  // Every log line the handlers write, at the most verbose level, to check no token ever appears.
  logger.setLogLevel('DEBUG');
  const capture = (original: typeof process.stdout.write) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      output.push(String(chunk));
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
  process.stdout.write = capture(originalStdout);
  process.stderr.write = capture(originalStderr);
});
afterAll(async () => {
  queue.stop();
  process.stdout.write = originalStdout;
  process.stderr.write = originalStderr;
  logger.setLogLevel('SILENT');
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

async function authorizeAndConsent(userId: string, sub: string, fitnessScopes?: string[]) {
  const response = await call(getAuthorizeUrl, 'get-google-authorize-url', userId);
  expect(response.status).toBe(200);
  const { url } = AuthorizeUrlResponse.parse(response.json);
  return consentAs(sim, url, sub, fitnessScopes);
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
      providerUserIdPrefix: '10472938',
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

    const noFitness = await authorizeAndConsent(userId, PRIYA, []);
    const refused = await call(postConnect, 'post-google-connect', userId, { body: noFitness });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      error: { code: 'missing_fitness_scope', message: expect.stringContaining('no access to your fitness data') },
    });
    expect(await getConnection(userId, 'google_health', null)).toBeNull();

    const notConnected = await call(postSync, 'post-connection-sync', userId, {
      pathParameters: { provider: 'google_health' },
      path: '/api/connections/google_health/sync',
    });
    expect(notConnected.status).toBe(404);
    expect(notConnected.json).toEqual({ error: { code: 'not_found', message: 'Google Fit is not connected.' } });
  });

  it('maps a project without Fitness API access to a 502 that says so', async () => {
    const userId = newUserId();
    const callback = await authorizeAndConsent(userId, JORDAN);
    sim.control.setFitnessApiEnabled(false);
    try {
      const connected = GoogleConnectResponse.parse(
        (await call(postConnect, 'post-google-connect', userId, { body: callback })).json,
      );
      expect(connected.sync).toBeNull();
      const synced = await call(postSync, 'post-connection-sync', userId, {
        pathParameters: { provider: 'google_health' },
        path: '/api/connections/google_health/sync',
      });
      expect(synced.status).toBe(202);
      await queue.idle();
      const { jobs } = ImportJobsResponse.parse((await call(getImportJobs, 'get-import-jobs', userId)).json);
      expect(jobs[0]).toMatchObject({
        status: 'failed',
        error: {
          code: 'google_fit_api_unavailable',
          message: expect.stringMatching(/^Google Fit API error: .*closed the Fit API to new projects/),
        },
      });
    } finally {
      sim.control.setFitnessApiEnabled(true);
    }
  });
});

describe('POST /api/google/connect with some fitness permissions not granted (issue 11)', () => {
  const FIT = 'https://www.googleapis.com/auth/fitness';

  it('connects what was granted and says plainly which data will not be imported', async () => {
    const userId = newUserId();
    sim.control.revokeAccess(JORDAN); // Google adds earlier grants (include_granted_scopes): start from none.
    const callback = await authorizeAndConsent(userId, JORDAN, [`${FIT}.activity.read`, `${FIT}.location.read`]);
    const connected = await call(postConnect, 'post-google-connect', userId, { body: callback });
    expect(connected.status).toBe(200);
    const body = GoogleConnectResponse.parse(connected.json);
    expect(body.connection.isActive).toBe(true);
    expect(body.notImported).toEqual({
      data: ['body measurements', 'heart rate', 'sleep'],
      activityMissing: false,
      message:
        "Google Fit is connected, but TrailBuddy was not allowed to see your body measurements, heart rate and sleep, so that data won't be imported. Reconnect and allow all the fitness permissions to import it.",
    });
  });

  it('flags the missing activity permission so the screen can offer to reconnect', async () => {
    const userId = newUserId();
    sim.control.revokeAccess(PRIYA);
    const callback = await authorizeAndConsent(userId, PRIYA, [`${FIT}.heart_rate.read`]);
    const body = GoogleConnectResponse.parse(
      (await call(postConnect, 'post-google-connect', userId, { body: callback })).json,
    );
    expect(body.notImported).toMatchObject({
      activityMissing: true,
      data: ['activities, steps and calories', 'body measurements', 'distance', 'sleep'],
    });
    expect(body.notImported!.message).toContain('activities, steps and calories');
  });

  it('says nothing when every permission was granted', async () => {
    const userId = newUserId();
    const body = GoogleConnectResponse.parse(
      (await call(postConnect, 'post-google-connect', userId, { body: await authorizeAndConsent(userId, AVERY) })).json,
    );
    expect(body.notImported).toBeUndefined();
  });
});
