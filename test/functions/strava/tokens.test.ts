import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dynamo } from '../../../functions/lib/dynamo';
import { getConnection } from '../../../functions/repositories/connections';
import { keys } from '../../../functions/repositories/keys';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { syncStrava, SYNC_ERROR_MESSAGES } from '../../../functions/usecases/strava-sync';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { manualClock } from '../../local/simulators/strava/helpers';
import {
  connectAs,
  isolatedLimiter,
  LIAM,
  MAYA,
  newUserId,
  SOFIA,
  startStrava,
  testDeps,
  type TestDeps,
} from './helpers';

let sim: StravaSimulator;
beforeAll(async () => {
  sim = await startStrava();
});
afterAll(() => sim.stop());
beforeEach(() => sim.control.clearFaults());

/** As if our stored access token were past its expiry (Strava's own copy is untouched). */
async function markStoredTokenExpired(userId: string) {
  await dynamo().send(
    new UpdateCommand({
      TableName: process.env.TABLE_CONNECTIONS!,
      Key: keys.connection(userId, 'strava'),
      UpdateExpression: 'SET token_expires_at = :past',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
    }),
  );
}

const refreshCalls = () =>
  sim.control.requests().filter((r) => r.method === 'POST' && r.path === '/oauth/token').length;

async function connected(athleteId: number, deps?: TestDeps) {
  const d = deps ?? (await testDeps());
  const userId = newUserId();
  await connectAs(sim, userId, athleteId, d);
  return { userId, deps: d };
}

describe('access token refresh', () => {
  it('refreshes before expiry, and concurrent syncs share one refresh so the rotated refresh token is never lost', async () => {
    const { userId, deps } = await connected(MAYA);
    const before = (await getConnection(userId, 'strava', deps.cipher))!;
    await markStoredTokenExpired(userId);
    sim.control.clearRequests();

    const results = await Promise.all([1, 2, 3, 4].map(() => syncStrava(userId, deps)));
    for (const result of results) expect(result.provider).toBe('strava');
    // Exactly one refresh went to Strava; the loser of the lease waited and used the new tokens.
    expect(refreshCalls()).toBe(1);

    const after = (await getConnection(userId, 'strava', deps.cipher))!;
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(after.tokens!.refreshToken).not.toBe(before.tokens!.refreshToken);
    // The stored refresh token is the live one: Strava accepts it (the old one it now refuses).
    await markStoredTokenExpired(userId);
    await expect(syncStrava(userId, deps)).resolves.toMatchObject({ provider: 'strava' });
    const old = await fetch(`${sim.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: '100001',
        client_secret: 'strava-simulator-secret',
        grant_type: 'refresh_token',
        refresh_token: before.tokens!.refreshToken,
      }),
    });
    expect(old.status).toBe(400);
  });

  it('on a 401 refreshes once and retries the call once', async () => {
    const { userId, deps } = await connected(LIAM);
    sim.control.expireAccessTokens(LIAM);
    sim.control.clearRequests();
    await expect(syncStrava(userId, deps)).resolves.toMatchObject({ provider: 'strava' });
    const log = sim.control.requests().map((r) => `${r.method} ${r.path} ${r.status}`);
    expect(log.slice(0, 3)).toEqual([
      'GET /api/v3/athlete/activities 401',
      'POST /oauth/token 200',
      'GET /api/v3/athlete/activities 200',
    ]);
  });

  it('asks the user to reconnect when Strava refuses the refresh (access revoked)', async () => {
    const { userId, deps } = await connected(SOFIA);
    sim.control.revokeAccess(SOFIA);
    sim.control.clearRequests();
    await expect(syncStrava(userId, deps)).rejects.toMatchObject({
      status: 409,
      code: 'strava_reconnect_required',
      message: SYNC_ERROR_MESSAGES.auth,
    });
    // One 401, one refused refresh, no endless retrying.
    expect(sim.control.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /api/v3/athlete/activities 401',
      'POST /oauth/token 400',
    ]);
  });
});

describe('HTTP 429 and failures', () => {
  it('retries a 429 honouring Retry-After (the limiter holds further calls until then), then succeeds', async () => {
    const { userId } = await connected(MAYA);
    // Sleeping moves this clock, so the limiter's rate-limited mark (set from Retry-After) has passed on retry.
    const clock = manualClock(new Date().toISOString());
    const deps = await testDeps({ clock: clock.now, sleep: async (ms) => clock.advance(ms) });
    sim.control.failNext(2, { status: 429, retryAfterSeconds: 3 }, { pathPrefix: '/api/v3/athlete/activities' });
    sim.control.clearRequests();
    await expect(syncStrava(userId, deps, 'window')).resolves.toMatchObject({ provider: 'strava' });
    // Then the page, and the empty page that ends the window.
    expect(sim.control.requests().map((r) => r.status)).toEqual([429, 429, 200, 200]);
  });

  it('backs off exponentially from 1000 ms without Retry-After and gives up after 3 retries', async () => {
    const { userId } = await connected(MAYA);
    const counted: number[] = [];
    const sleeps: number[] = [];
    // A limiter that only counts, to see the adapter's own retry rule in isolation.
    const deps = await testDeps({
      limiter: {
        configForUser: async () => isolatedLimiter().config,
        acquire: async () => void counted.push(1),
        record: async () => {},
      },
      sleep: async (ms) => void sleeps.push(ms),
    });
    sim.control.failNext(4, { status: 429 }, { pathPrefix: '/api/v3/athlete/activities' });
    const error = await syncStrava(userId, deps, 'window').catch((e: unknown) => e);
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(counted).toHaveLength(4);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((error as Error).message).toMatch(/^Rate limited\. Try again in \d+ seconds$/);
  });

  it('with the real limiter, a 429 whose headers show the window used up holds every further call until it ends', async () => {
    const { userId, deps } = await connected(MAYA);
    // Strava's own count is at the 15-minute limit: its next answer is a real 429 with usage headers saying so.
    sim.control.setUsage({ overall: { fifteenMin: sim.control.limits().overall.fifteenMin } });
    sim.control.clearRequests();
    const error = await syncStrava(userId, deps, 'window').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429 });
    expect((error as Error).message).toMatch(/^Rate limited\. Try again in \d+ seconds$/);
    expect(sim.control.requests()).toHaveLength(1);
    sim.control.setUsage({ overall: { fifteenMin: 0 } });
  });

  it('with the real limiter, a 429 with no Retry-After and no exhausted window is retried after a 1000 ms back-off', async () => {
    const { userId, deps } = await connected(SOFIA);
    sim.control.failNext(1, { status: 429 }, { pathPrefix: '/api/v3/athlete/activities' });
    sim.control.clearRequests();
    await expect(syncStrava(userId, deps, 'window')).resolves.toMatchObject({ provider: 'strava' });
    expect(deps.sleeps).toEqual([1000]);
    // The retried page, then the empty page that ends the window.
    expect(sim.control.requestCount({ path: /^\/api\/v3\/athlete\/activities/ })).toBe(3);
  });

  it('reports a network error with the spec text (10 s timeout, here shortened)', async () => {
    const { userId } = await connected(MAYA);
    const deps = await testDeps({ timeoutMs: 300 });
    sim.control.failNext(1, { timeout: true }, { pathPrefix: '/api/v3/athlete/activities' });
    await expect(syncStrava(userId, deps)).rejects.toMatchObject({ status: 503, message: SYNC_ERROR_MESSAGES.network });
  });

  it('reports any other failure as "Failed to sync Strava activities" and keeps what was stored', async () => {
    const { userId, deps } = await connected(MAYA);
    const stored = (await activitiesOfUser(userId)).length;
    sim.control.failNext(1, { status: 500 }, { pathPrefix: '/api/v3/athlete/activities' });
    await expect(syncStrava(userId, deps)).rejects.toMatchObject({ status: 502, message: SYNC_ERROR_MESSAGES.other });
    expect((await activitiesOfUser(userId)).length).toBe(stored);
  });

  it('counts every API call in the limiter and refuses with the spec message once the window is full', async () => {
    const { userId } = await connected(MAYA);
    // A window sync needs at least two calls (a page and the empty page that ends it): the second is refused unsent.
    const limited = await testDeps({ limiter: isolatedLimiter({ fifteenMinLimit: 1 }) });
    sim.control.clearRequests();
    await expect(syncStrava(userId, limited, 'window')).rejects.toMatchObject({
      status: 429,
      message: '15-minute rate limit exceeded. Try again in 15 minutes',
    });
    expect(sim.control.requests()).toHaveLength(1);
    sim.control.clearRequests();
    // The next run is held until the quarter ends, and sends nothing.
    const error = await syncStrava(userId, limited, 'window').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429 });
    expect((error as Error).message).toMatch(/^Rate limited\. Try again in \d+ seconds$/);
    expect(sim.control.requests()).toHaveLength(0);
  });
});
