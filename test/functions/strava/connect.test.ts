import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../../functions/lib/dynamo';
import { keys } from '../../../functions/repositories/keys';
import { findUsersByStravaAthlete, getConnection } from '../../../functions/repositories/connections';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { connectStrava, createAuthorizeUrl, INVALID_CODE_MESSAGE } from '../../../functions/usecases/strava-connect';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { manualClock } from '../../local/simulators/strava/helpers';
import {
  connectAs,
  consentAs,
  LIAM,
  MAYA,
  newUserId,
  SITE_URL,
  startStrava,
  testDeps,
  visibleAtStrava,
} from './helpers';

let sim: StravaSimulator;
beforeAll(async () => {
  sim = await startStrava();
});
afterAll(() => sim.stop());

const connectionItem = async (userId: string) =>
  (
    await dynamo().send(
      new GetCommand({ TableName: process.env.TABLE_CONNECTIONS!, Key: keys.connection(userId, 'strava') }),
    )
  ).Item;

describe('GET /api/strava/authorize-url', () => {
  it("points at Strava's authorize page with the client id, callback, scopes, approval_prompt=auto and a signed state", async () => {
    const deps = await testDeps();
    const { url } = await createAuthorizeUrl(newUserId(), deps);
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${sim.url}/oauth/authorize`);
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      client_id: '100001',
      redirect_uri: `${SITE_URL}/auth/strava/callback`,
      response_type: 'code',
      approval_prompt: 'auto',
      scope: 'activity:read,profile:read_all',
    });
    expect(parsed.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });
});

describe('POST /api/strava/connect', () => {
  it('stores the connection with encrypted tokens, the athlete, the granted scopes, and runs the initial sync', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const result = await connectAs(sim, userId, MAYA, deps);

    expect(result.connection).toMatchObject({
      provider: 'strava',
      isActive: true,
      athleteFirstName: 'Maya',
      athleteLastName: 'Thompson',
      providerUserIdPrefix: String(MAYA).slice(0, 8),
      scopes: ['read', 'activity:read', 'profile:read_all'],
    });
    expect(result.sync).not.toBeNull();
    expect(result.connection.lastSyncAt).toBe(result.sync!.lastSyncAt);

    // Initial sync: everything Strava shows within the last 30 days, every page of it, no more.
    const cutoff = Date.now() - 30 * 86_400_000;
    const expected = visibleAtStrava(sim, MAYA).filter((a) => Date.parse(a.start_date) > cutoff);
    expect(expected.length).toBeGreaterThan(30);
    const stored = await activitiesOfUser(userId);
    expect(result.sync!.imported).toBe(expected.length);
    expect(stored.map((a) => a.provider_activity_id).sort()).toEqual(expected.map((a) => String(a.id)).sort());

    // Tokens at rest are ciphertext only, and decrypt to tokens Strava accepts.
    const item = (await connectionItem(userId))!;
    expect(item.provider_user_id).toBe(String(MAYA));
    expect(item.connection_data).toEqual({ firstname: 'Maya', lastname: 'Thompson' });
    expect(item.gsi1pk).toBe(`STRAVA#${MAYA}`);
    expect(String(item.accessTokenEnc)).toMatch(/^v1\./);
    const connection = (await getConnection(userId, 'strava', deps.cipher))!;
    expect(JSON.stringify(item)).not.toContain(connection.tokens!.accessToken);
    expect(JSON.stringify(item)).not.toContain(connection.tokens!.refreshToken);
    expect(JSON.stringify(result)).not.toContain(connection.tokens!.accessToken);
    const athlete = await fetch(`${sim.url}/api/v3/athlete`, {
      headers: { authorization: `Bearer ${connection.tokens!.accessToken}` },
    });
    expect(athlete.status).toBe(200);
    expect(await findUsersByStravaAthlete(MAYA)).toContain(userId);
  });

  it('rejects a forged state (changed payload or signature) and stores nothing', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const { url } = await createAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, url, LIAM);
    const [payload, signature] = callback.state.split('.') as [string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), e: Date.now() + 3_600_000 }),
    ).toString('base64url');
    for (const state of [
      `${otherPayload}.${signature}`,
      `${payload}.${Buffer.alloc(32).toString('base64url')}`,
      'not-a-state',
    ]) {
      await expect(connectStrava(userId, { ...callback, state }, deps)).rejects.toMatchObject({
        status: 400,
        code: 'state_invalid',
      });
    }
    expect(await connectionItem(userId)).toBeUndefined();
    // The genuine state still works afterwards: the forgeries did not burn it.
    await expect(connectStrava(userId, callback, deps)).resolves.toMatchObject({
      connection: { athleteFirstName: 'Liam' },
    });
  });

  it("rejects another user's state", async () => {
    const deps = await testDeps();
    const victim = newUserId();
    const attacker = newUserId();
    const { url } = await createAuthorizeUrl(attacker, deps);
    const callback = await consentAs(sim, url, LIAM);
    await expect(connectStrava(victim, callback, deps)).rejects.toMatchObject({
      status: 400,
      code: 'state_wrong_user',
    });
    expect(await connectionItem(victim)).toBeUndefined();
  });

  it('rejects a replayed state', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const { url } = await createAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, url, LIAM);
    await connectStrava(userId, callback, deps);
    const before = await connectionItem(userId);
    const second = await consentAs(sim, url, MAYA);
    await expect(connectStrava(userId, second, deps)).rejects.toMatchObject({ status: 400, code: 'state_used' });
    expect((await connectionItem(userId))!.provider_user_id).toBe(before!.provider_user_id);
  });

  it('rejects a state older than 10 minutes and accepts one just inside', async () => {
    const clock = manualClock('2026-11-21T10:00:00.000Z');
    const deps = await testDeps({ clock: clock.now });
    const userId = newUserId();
    const expired = await consentAs(sim, (await createAuthorizeUrl(userId, deps)).url, LIAM);
    clock.advance(10 * 60_000);
    await expect(connectStrava(userId, expired, deps)).rejects.toMatchObject({ status: 400, code: 'state_expired' });
    expect(await connectionItem(userId)).toBeUndefined();

    const live = await consentAs(sim, (await createAuthorizeUrl(userId, deps)).url, LIAM);
    clock.advance(10 * 60_000 - 1);
    await expect(connectStrava(userId, live, deps)).resolves.toMatchObject({ connection: { isActive: true } });
  });

  it('answers an invalid code with 400 invalid_code and the spec tips', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const { url } = await createAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, url, LIAM);
    const error = await connectStrava(userId, { ...callback, code: 'not-a-real-code' }, deps).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'invalid_code', message: INVALID_CODE_MESSAGE });
    expect(INVALID_CODE_MESSAGE).toMatch(/expired.*10 minutes.*already.*redirect URI/s);
    expect(await connectionItem(userId)).toBeUndefined();
  });

  it('answers an expired code (older than 10 minutes at Strava) with invalid_code', async () => {
    const simClock = manualClock(new Date().toISOString());
    const slowSim = await startStrava({ clock: simClock.now });
    try {
      const deps = await testDeps();
      const userId = newUserId();
      const callback = await consentAs(slowSim, (await createAuthorizeUrl(userId, deps)).url, LIAM);
      simClock.advance(11 * 60_000);
      await expect(connectStrava(userId, callback, deps)).rejects.toMatchObject({ status: 400, code: 'invalid_code' });
      expect(await connectionItem(userId)).toBeUndefined();
    } finally {
      await slowSim.stop();
      Object.assign(process.env, {
        STRAVA_OAUTH_BASE_URL: `${sim.url}/oauth`,
        STRAVA_API_BASE_URL: `${sim.url}/api/v3`,
      });
    }
  });

  it("reconnecting as another athlete replaces the connection and drops the previous athlete's activities", async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, LIAM, deps);
    const liams = new Set(visibleAtStrava(sim, LIAM).map((a) => String(a.id)));
    expect((await activitiesOfUser(userId)).some((a) => liams.has(a.provider_activity_id))).toBe(true);
    const result = await connectAs(sim, userId, MAYA, deps);
    expect(result.connection.athleteFirstName).toBe('Maya');
    const stored = await activitiesOfUser(userId);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((a) => liams.has(a.provider_activity_id))).toBe(false);
    expect((await connectionItem(userId))!.gsi1pk).toBe(`STRAVA#${MAYA}`);
  });

  it('keeps the connection when the initial sync fails, returning sync null', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    sim.control.failNext(1, { status: 500 }, { pathPrefix: '/api/v3/athlete/activities' });
    const result = await connectAs(sim, userId, LIAM, deps);
    expect(result.sync).toBeNull();
    expect(result.connection).toMatchObject({ isActive: true, lastSyncAt: null, athleteFirstName: 'Liam' });
    expect((await connectionItem(userId))!.is_active).toBe(true);
  });
});
