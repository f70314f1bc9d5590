import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signState } from '../../../functions/domain/oauth-state';
import { dynamo } from '../../../functions/lib/dynamo';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getConnection } from '../../../functions/repositories/connections';
import { keys } from '../../../functions/repositories/keys';
import {
  connectGoogleHealth,
  createGoogleAuthorizeUrl,
  GOOGLE_INVALID_CODE_MESSAGE,
  MISSING_ACTIVITY_SCOPE_MESSAGE,
} from '../../../functions/usecases/google-connect';
import { createAuthorizeUrl as createStravaAuthorizeUrl } from '../../../functions/usecases/strava-connect';
import type { GoogleSimulator } from '../../../infra/local/simulators/google';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { manualClock } from '../../local/simulators/strava/helpers';
import { startStrava, testDeps as stravaTestDeps } from '../strava/helpers';
import {
  AVERY,
  CALLBACK,
  connectAs,
  consentAs,
  HEALTH_ACTIVITY,
  healthUserIdOf,
  JORDAN,
  newUserId,
  PRIYA,
  startGoogle,
  testDeps,
} from './helpers';

let sim: GoogleSimulator;
beforeAll(async () => {
  sim = await startGoogle();
});
afterAll(() => sim.stop());

const connectionItem = async (userId: string) =>
  (
    await dynamo().send(
      new GetCommand({ TableName: process.env.TABLE_CONNECTIONS!, Key: keys.connection(userId, 'google_health') }),
    )
  ).Item;

describe('the authorize URL', () => {
  it('asks Google only for the Google Health activity scope, with offline access and consent, returning to the health callback screen', async () => {
    const deps = await testDeps();
    const { url } = await createGoogleAuthorizeUrl(newUserId(), deps);
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${sim.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      client_id: process.env.GOOGLE_CLIENT_ID,
      redirect_uri: CALLBACK,
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
    });
    expect(parsed.searchParams.get('scope')).toBe(
      'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly',
    );
    expect(parsed.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });
});

describe('connecting', () => {
  it('stores an active connection with the Google Health user id, the granted scopes and tokens encrypted at rest, then syncs', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const result = await connectAs(sim, userId, AVERY, deps);
    expect(result.connection).toMatchObject({
      provider: 'google_health',
      isActive: true,
      providerUserIdPrefix: healthUserIdOf(sim, AVERY).slice(0, 8),
      athleteFirstName: null,
    });
    expect(result.connection.scopes).toEqual([HEALTH_ACTIVITY]);
    expect(result.sync).toMatchObject({ provider: 'google_health', updated: 0 });
    expect(result.sync!.imported).toBeGreaterThan(0);
    expect(result.connection.lastSyncAt).toBe(result.sync!.lastSyncAt);
    expect(deps.metricsCalls).toEqual([userId]);

    const item = (await connectionItem(userId))!;
    expect(item.provider_user_id).toBe(healthUserIdOf(sim, AVERY));
    const stored = JSON.stringify(item);
    const connection = (await getConnection(userId, 'google_health', deps.cipher))!;
    expect(connection.tokens!.accessToken).toMatch(/^ya29\./);
    expect(connection.tokens!.refreshToken).toMatch(/^1\/\/0/);
    expect(stored).not.toContain(connection.tokens!.accessToken);
    expect(stored).not.toContain(connection.tokens!.refreshToken);
    expect(connection.tokens!.expiresAt - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);
  });

  it('refuses a tampered, foreign or expired state, and a state used twice', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const { url } = await createGoogleAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, url, AVERY);

    await expect(connectGoogleHealth(userId, { ...callback, state: `${callback.state}x` }, deps)).rejects.toMatchObject(
      {
        status: 400,
        code: 'state_invalid',
      },
    );
    await expect(connectGoogleHealth(newUserId(), callback, deps)).rejects.toMatchObject({
      status: 400,
      code: 'state_wrong_user',
    });
    const later = await testDeps({ clock: () => new Date(Date.now() + 11 * 60_000) });
    await expect(connectGoogleHealth(userId, callback, later)).rejects.toMatchObject({
      status: 400,
      code: 'state_expired',
    });
    // None of those consumed it: the right user can still use it, once.
    await expect(connectGoogleHealth(userId, callback, deps)).resolves.toMatchObject({
      connection: { isActive: true },
    });
    await expect(connectGoogleHealth(userId, callback, deps)).rejects.toMatchObject({
      status: 400,
      code: 'state_used',
      message: 'This Google authorization was already used. Please try connecting again.',
    });
  });

  it('refuses a state signed for Strava, and Strava refuses one signed for Google', async () => {
    let strava: StravaSimulator | undefined;
    try {
      strava = await startStrava();
      const userId = newUserId();
      const stravaDeps = await stravaTestDeps();
      const stravaState = new URL((await createStravaAuthorizeUrl(userId, stravaDeps)).url).searchParams.get('state')!;
      const deps = await testDeps();
      await expect(connectGoogleHealth(userId, { code: 'x', state: stravaState }, deps)).rejects.toMatchObject({
        status: 400,
        code: 'state_invalid',
      });
      const googleState = new URL((await createGoogleAuthorizeUrl(userId, deps)).url).searchParams.get('state')!;
      expect(signState(stravaDeps.stateKey, { userId, nonce: 'n', expiresAtMs: 1 })).not.toBe(
        signState(deps.stateKey, { userId, nonce: 'n', expiresAtMs: 1 }),
      );
      const { connectStrava } = await import('../../../functions/usecases/strava-connect');
      await expect(connectStrava(userId, { code: 'x', state: googleState }, stravaDeps)).rejects.toMatchObject({
        status: 400,
        code: 'state_invalid',
      });
    } finally {
      await strava?.stop();
    }
  });

  it('refuses a grant without the activity scope with a 400 naming the permission, keeps nothing and revokes the grant at Google', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const { url } = await createGoogleAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, url, JORDAN, []);
    expect(callback.scope).not.toContain('googlehealth');
    const apiCallsBefore = sim.control.requestCount({ path: /^\/v4\// });
    await expect(connectGoogleHealth(userId, callback, deps)).rejects.toMatchObject({
      status: 400,
      code: 'missing_activity_scope',
      message: MISSING_ACTIVITY_SCOPE_MESSAGE,
    });
    expect(MISSING_ACTIVITY_SCOPE_MESSAGE).toContain('See your Google Health activity and fitness data');
    expect(await getConnection(userId, 'google_health', null)).toBeNull();
    expect(await activitiesOfUser(userId)).toEqual([]);
    expect(sim.control.grantedScopes(JORDAN)).toEqual([]);
    expect(sim.control.requestCount({ path: /^\/v4\// })).toBe(apiCallsBefore);
  });

  it('trusts the scopes Google reports over the ones the browser relays', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const { url } = await createGoogleAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, url, JORDAN, []);
    await expect(
      connectGoogleHealth(userId, { ...callback, scope: `${callback.scope} ${HEALTH_ACTIVITY}` }, deps),
    ).rejects.toMatchObject({ code: 'missing_activity_scope' });
  });

  it('keys the connection by users/me/identity, so a failing identity call stores nothing', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const { url } = await createGoogleAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, url, PRIYA);
    sim.control.failNext(1, { status: 500 }, { pathPrefix: '/v4/users/me/identity' });
    await expect(connectGoogleHealth(userId, callback, deps)).rejects.toMatchObject({
      status: 502,
      code: 'google_connect_failed',
    });
    expect(await getConnection(userId, 'google_health', null)).toBeNull();
  });

  it('answers a used or unknown code with the spec tips, and keeps nothing', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const first = await createGoogleAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, first.url, AVERY);
    const second = await createGoogleAuthorizeUrl(userId, deps);
    const state = new URL(second.url).searchParams.get('state')!;
    await expect(connectGoogleHealth(userId, { code: '4/0Anope', state }, deps)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_code',
      message: GOOGLE_INVALID_CODE_MESSAGE,
    });
    expect(GOOGLE_INVALID_CODE_MESSAGE).toMatch(/^Failed to connect to Google Health: /);
    expect(await getConnection(userId, 'google_health', null)).toBeNull();
    expect(callback.code).not.toBe('');
  });

  it('reports Google being down as a 502 "Failed to connect to Google Health: …"', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const { url } = await createGoogleAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, url, AVERY);
    sim.control.failNext(1, { status: 503, body: { error: 'temporarily_unavailable' } }, { pathPrefix: '/token' });
    await expect(connectGoogleHealth(userId, callback, deps)).rejects.toMatchObject({
      status: 502,
      code: 'google_connect_failed',
      message: 'Failed to connect to Google Health: 503 temporarily_unavailable',
    });
    expect(await getConnection(userId, 'google_health', null)).toBeNull();
  });

  it('still connects when the initial sync fails (sync: null), so the person can sync again later', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const { url } = await createGoogleAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, url, AVERY);
    sim.control.failNext(1, { status: 500 }, { pathPrefix: '/v4/users/me/dataTypes' });
    const result = await connectGoogleHealth(userId, callback, deps);
    expect(result.sync).toBeNull();
    expect(result.connection).toMatchObject({ isActive: true, lastSyncAt: null });
  });

  it("reconnecting as another Google account removes the first account's activities", async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, AVERY, deps);
    const averyIds = new Set((await activitiesOfUser(userId)).map((a) => a.provider_activity_id));
    await connectAs(sim, userId, JORDAN, deps);
    const after = await activitiesOfUser(userId);
    expect((await getConnection(userId, 'google_health', null))!.providerUserId).toBe(healthUserIdOf(sim, JORDAN));
    const jordanExercises = new Set(sim.control.exercises(JORDAN).map((e) => `exercise:${e.id}`));
    for (const activity of after)
      if (activity.provider_activity_id.startsWith('exercise:'))
        expect(jordanExercises.has(activity.provider_activity_id)).toBe(true);
    expect(
      [...averyIds]
        .filter((id) => id.startsWith('exercise:'))
        .some((id) => after.some((a) => a.provider_activity_id === id)),
    ).toBe(false);
  });

  it('codes are single use at Google too: a second exchange of the same code fails even with a fresh state', async () => {
    const clock = manualClock(new Date().toISOString());
    const deps = await testDeps({ clock: clock.now });
    const userId = newUserId();
    const { url } = await createGoogleAuthorizeUrl(userId, deps);
    const callback = await consentAs(sim, url, AVERY);
    await connectGoogleHealth(userId, callback, deps);
    const fresh = new URL((await createGoogleAuthorizeUrl(userId, deps)).url).searchParams.get('state')!;
    await expect(connectGoogleHealth(userId, { ...callback, state: fresh }, deps)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_code',
    });
  });
});
