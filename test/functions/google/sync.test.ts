import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf, shiftDate, syncWindow } from '../../../functions/domain/google-health-time';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getConnection, saveTokenlessConnection } from '../../../functions/repositories/connections';
import { setLocalImportQueue } from '../../../functions/lib/import-queue';
import { connectionDeps } from '../../../functions/usecases/providers/registry';
import { disconnectProvider, requestOrRunSync } from '../../../functions/usecases/connections';
import { GOOGLE_SYNC_MESSAGES, syncGoogleHealth } from '../../../functions/usecases/google-sync';
import type { GoogleSimulator } from '../../../infra/local/simulators/google';
import { startStrava, testDeps as stravaTestDeps } from '../strava/helpers';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { AVERY, connectAs, JORDAN, newUserId, PRIYA, SAM, startGoogle, testDeps } from './helpers';
import { useOwnTables } from '../../support/own-tables';

// The daily refresh walks every active connection: other files' users must not be in its tables.
useOwnTables();

const ZONE = 'America/Vancouver';
let sim: GoogleSimulator;
let strava: StravaSimulator;
beforeAll(async () => {
  strava = await startStrava();
  sim = await startGoogle();
});
afterAll(async () => {
  await sim.stop();
  await strava.stop();
});

/** What the spec rules make of what the simulator holds for `sub` on the 30 local days up to `now`. */
function expectedIds(sub: string, now: Date): string[] {
  const { firstDate } = syncWindow(now, ZONE, 30);
  const endDate = shiftDate(localDateOf(now.getTime(), ZONE), 1);
  const inWindow = (ms: number) => localDateOf(ms, ZONE) >= firstDate && localDateOf(ms, ZONE) < endDate;
  const exercises = sim.control.exercises(sub).filter((e) => inWindow(e.startMs));
  const workoutDates = new Set(exercises.map((e) => localDateOf(e.startMs, ZONE)));
  const days = sim.control
    .dailyTotals(sub)
    .filter((d) => d.date >= firstDate && d.date < endDate && d.steps > 1000 && !workoutDates.has(d.date));
  return [...exercises.map((e) => `exercise:${e.id}`), ...days.map((d) => `day:${d.date}`)].sort();
}

const googleIds = async (userId: string) =>
  (await activitiesOfUser(userId))
    .filter((a) => a.provider_type === 'google_health')
    .map((a) => a.provider_activity_id)
    .sort();

describe('syncing the last 30 days', () => {
  it.each([
    ['Avery (runs, hikes, step days)', AVERY],
    ['Jordan (mostly steps)', JORDAN],
    ['Priya (rides, swims, gym, yoga)', PRIYA],
  ])("imports exactly what the spec rules make of %s's exercises and step days", async (_name, sub) => {
    const deps = await testDeps();
    const userId = newUserId();
    const before = new Date();
    const result = await connectAs(sim, userId, sub, deps);
    const ids = await googleIds(userId);
    expect(ids).toEqual(expectedIds(sub, before));
    expect(ids.some((id) => id.startsWith('exercise:'))).toBe(true);
    expect(ids.some((id) => id.startsWith('day:'))).toBe(true);
    expect(result.sync!.imported).toBe(ids.length);

    const activities = await activitiesOfUser(userId);
    const exercisesById = new Map(sim.control.exercises(sub).map((e) => [`exercise:${e.id}`, e]));
    for (const activity of activities) {
      const exercise = exercisesById.get(activity.provider_activity_id);
      if (exercise) {
        expect(activity.start_time).toBe(new Date(exercise.startMs).toISOString());
        // Duration from activeDuration (pauses left out), not the interval.
        expect(activity.duration_seconds).toBe(Math.round(exercise.activeMs / 1000));
        expect(activity.name).toBe(exercise.displayName);
        expect(activity.distance_meters).toBe(
          exercise.distanceMm > 0 ? Math.round(exercise.distanceMm / 100) / 10 : null,
        );
        // int64 fields arrive as strings and are stored as numbers.
        expect(activity.steps).toBe(exercise.steps > 0 ? exercise.steps : null);
        expect(activity.heart_rate_avg).toBe(exercise.averageHeartRate);
        expect(['run', 'walk', 'ride', 'swim', 'hike', 'yoga', 'strength', 'workout']).toContain(
          activity.activity_type,
        );
      } else {
        const date = activity.provider_activity_id.slice('day:'.length);
        const totals = sim.control.dailyTotals(sub).find((d) => d.date === date)!;
        expect(activity.steps).toBe(totals.steps);
        expect(localDateOf(Date.parse(activity.start_time), ZONE)).toBe(date);
      }
    }
  });

  it('reads every page of a busy account: 25 exercises a page, one steps roll-up, the civil-date filter', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    const before = new Date();
    sim.control.clearRequests();
    await connectAs(sim, userId, SAM, deps);
    const exercises = (await googleIds(userId)).filter((id) => id.startsWith('exercise:'));
    // More than one page of 25 (how many fall in the window depends on the hour the test runs).
    expect(exercises.length).toBeGreaterThan(25);
    expect(await googleIds(userId)).toEqual(expectedIds(SAM, before));
    const pages = sim.control.requestCount({ path: '/v4/users/me/dataTypes/exercise/dataPoints', status: 200 });
    expect(pages).toBe(Math.ceil(exercises.length / 25));
    expect(sim.control.requestCount({ path: '/v4/users/me/dataTypes/steps/dataPoints:dailyRollUp' })).toBe(1);
  });

  it('re-syncing changes nothing but the fetch time, and never duplicates', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, AVERY, deps);
    const first = await activitiesOfUser(userId);
    const again = await syncGoogleHealth(userId, deps);
    expect(again).toMatchObject({ provider: 'google_health', imported: 0, updated: first.length });
    const second = await activitiesOfUser(userId);
    expect(second.map((a) => a.provider_activity_id).sort()).toEqual(first.map((a) => a.provider_activity_id).sort());
    // The retention clock restarts for everything Google still shows.
    expect(second.every((a) => a.fetched_at >= again.lastSyncAt && a.fetched_at > first[0]!.fetched_at)).toBe(true);
    expect((await getConnection(userId, 'google_health', null))!.lastSyncAt).toBe(again.lastSyncAt);
  });

  it("a workout added on a steps-only day replaces that day's step summary; an exercise deleted at Google goes too", async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, JORDAN, deps);
    const stepDay = (await activitiesOfUser(userId)).find(
      (a) => a.provider_activity_id.startsWith('day:') && Date.parse(a.start_time) < Date.now() - 2 * 86_400_000,
    )!;
    expect(stepDay).toBeDefined();
    const added = sim.control.addExercise(JORDAN, {
      sport: 'hiking',
      name: 'Added hike',
      startTime: new Date(Date.parse(stepDay.start_time) + 9 * 3_600_000),
      minutes: 70,
    });
    try {
      const result = await syncGoogleHealth(userId, deps);
      expect(result.imported).toBe(1);
      const ids = await googleIds(userId);
      expect(ids).toContain(`exercise:${added.id}`);
      expect(ids).not.toContain(stepDay.provider_activity_id);
      const hike = (await activitiesOfUser(userId)).find((a) => a.provider_activity_id === `exercise:${added.id}`)!;
      expect(hike).toMatchObject({
        activity_type: 'hike',
        activity_level: 'very_active',
        duration_seconds: Math.round(added.activeMs / 1000),
        name: 'Added hike',
      });

      sim.control.deleteExercise(added.id);
      await syncGoogleHealth(userId, deps);
      expect(await googleIds(userId)).not.toContain(`exercise:${added.id}`);
      expect(await googleIds(userId)).toContain(stepDay.provider_activity_id);
    } finally {
      sim.control.deleteExercise(added.id);
    }
  });

  it("leaves other providers' activities alone", async () => {
    const userId = newUserId();
    const stravaDeps = await stravaTestDeps();
    const { connectAs: connectStravaAs, MAYA } = await import('../strava/helpers');
    await connectStravaAs(strava, userId, MAYA, stravaDeps);
    const stravaCount = (await activitiesOfUser(userId)).filter((a) => a.provider_type === 'strava').length;
    expect(stravaCount).toBeGreaterThan(0);
    const deps = await testDeps();
    await connectAs(sim, userId, AVERY, deps);
    await syncGoogleHealth(userId, deps);
    expect((await activitiesOfUser(userId)).filter((a) => a.provider_type === 'strava')).toHaveLength(stravaCount);
  });
});

describe('tokens', () => {
  it("refreshes an expired access token once, keeps Google's refresh token, and syncs", async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, AVERY, deps);
    const before = (await getConnection(userId, 'google_health', deps.cipher))!;
    // The stored token is expired as far as TrailBuddy knows: it must refresh before calling.
    const later = await testDeps({ clock: () => new Date(Date.now() + 2 * 3_600_000) });
    sim.control.clearRequests();
    await expect(syncGoogleHealth(userId, later)).resolves.toMatchObject({ provider: 'google_health' });
    expect(sim.control.requestCount({ path: '/token', status: 200 })).toBe(1);
    const after = (await getConnection(userId, 'google_health', deps.cipher))!;
    expect(after.tokens!.accessToken).not.toBe(before.tokens!.accessToken);
    expect(after.tokens!.refreshToken).toBe(before.tokens!.refreshToken);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
  });

  it('a 401 from the Health API (token expired at Google first) refreshes and retries once', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, PRIYA, deps);
    sim.control.expireAccessTokens(PRIYA);
    sim.control.clearRequests();
    await expect(syncGoogleHealth(userId, deps)).resolves.toMatchObject({ provider: 'google_health' });
    expect(sim.control.requestCount({ status: 401 })).toBe(1);
    expect(sim.control.requestCount({ path: '/token' })).toBe(1);
  });

  it('access revoked at Google: 409 with the spec text, asking to reconnect', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, JORDAN, deps);
    sim.control.revokeAccess(JORDAN);
    await expect(syncGoogleHealth(userId, deps)).rejects.toMatchObject({
      status: 409,
      code: 'google_reconnect_required',
      message: 'No Google access token available. Please reconnect Google Health.',
    });
  });

  it('Google failing the refresh: 502 "Failed to refresh token"', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, JORDAN, deps);
    const later = await testDeps({ clock: () => new Date(Date.now() + 2 * 3_600_000) });
    sim.control.failNext(1, { status: 500, body: { error: 'internal_failure' } }, { pathPrefix: '/token' });
    await expect(syncGoogleHealth(userId, later)).rejects.toMatchObject({
      status: 502,
      code: 'google_refresh_failed',
      message: 'Failed to refresh token',
    });
  });
});

describe('Google Health API errors', () => {
  it.each([
    [
      'the Google Health API not enabled for the project',
      () => sim.control.setHealthApiEnabled(false),
      502,
      'google_health_api_unavailable',
      GOOGLE_SYNC_MESSAGES.apiUnavailable,
    ],
    [
      'a 500',
      () => sim.control.failNext(1, { status: 500 }),
      502,
      'google_health_api_error',
      'Google Health API error: 500 Internal error encountered.',
    ],
    [
      'a 403 for scopes',
      () =>
        sim.control.failNext(1, {
          status: 403,
          body: {
            error: {
              code: 403,
              message: 'Request had insufficient authentication scopes.',
              status: 'PERMISSION_DENIED',
            },
          },
        }),
      502,
      'google_health_api_error',
      'Google Health API error: 403 Request had insufficient authentication scopes.',
    ],
  ])('%s → %i %s', async (_name, arrange, status, code, message) => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, AVERY, deps);
    const stored = await googleIds(userId);
    arrange();
    try {
      await expect(syncGoogleHealth(userId, deps)).rejects.toMatchObject({ status, code, message });
    } finally {
      sim.control.setHealthApiEnabled(true);
      sim.control.clearFaults();
    }
    // A failed sync keeps what was there.
    expect(await googleIds(userId)).toEqual(stored);
  });

  it('429s are retried honouring Retry-After, then the sync succeeds', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, AVERY, deps);
    sim.control.failNext(2, { status: 429, retryAfterSeconds: 2 });
    await expect(syncGoogleHealth(userId, deps)).resolves.toMatchObject({ provider: 'google_health' });
    expect(deps.sleeps).toEqual([2000, 2000]);
  });

  it('a 429 that does not clear is a 429 with Retry-After', async () => {
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, AVERY, deps);
    sim.control.failNext(4, { status: 429 });
    await expect(syncGoogleHealth(userId, deps)).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    expect(deps.sleeps).toEqual([1000, 2000, 4000]);
  });

  it('no answer within the timeout: 503 with the spec network text', async () => {
    const deps = await testDeps({ timeoutMs: 300 });
    const userId = newUserId();
    await connectAs(sim, userId, AVERY, deps);
    sim.control.failNext(1, { timeout: true });
    await expect(syncGoogleHealth(userId, deps)).rejects.toMatchObject({
      status: 503,
      code: 'google_network_error',
      message: 'Network error while syncing Google Health. Please try again.',
    });
  });
});

describe('dispatch by provider (POST /api/connections/{provider}/sync)', () => {
  it('queues a Google import job for google_health, and 404s when it is not connected', async () => {
    const stravaDeps = await stravaTestDeps();
    const deps = await testDeps();
    const userId = newUserId();
    await expect(
      requestOrRunSync(
        userId,
        'google_health',
        connectionDeps({ strava: async () => stravaDeps, google_health: async () => deps }),
      ),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Google Health is not connected.',
    });
    await connectAs(sim, userId, AVERY, deps);
    const sent: string[] = [];
    setLocalImportQueue(async (body) => {
      sent.push(body);
    });
    try {
      const response = await requestOrRunSync(
        userId,
        'google_health',
        connectionDeps({ strava: async () => stravaDeps, google_health: async () => deps }),
      );
      expect(response).toMatchObject({
        kind: 'queued',
        job: { provider: 'google_health', kind: 'import', status: 'queued' },
      });
      expect(sent.map((body) => JSON.parse(body) as unknown)).toEqual([
        expect.objectContaining({ type: 'job', userId, provider: 'google_health', kind: 'import' }),
      ]);
    } finally {
      setLocalImportQueue(null);
    }
  });

  it('answers apple_health (push-only) with nothing imported and the last push time, and 404s when not connected', async () => {
    const stravaDeps = await stravaTestDeps();
    const userId = newUserId();
    const noGoogle = async () => {
      throw new Error('Google deps must not be built for Apple');
    };
    await expect(
      requestOrRunSync(
        userId,
        'apple_health',
        connectionDeps({ strava: async () => stravaDeps, google_health: noGoogle }),
      ),
    ).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    const connection = await saveTokenlessConnection({
      userId,
      provider: 'apple_health',
      providerUserId: 'apple-1',
      scopes: [],
      now: new Date('2026-05-01T10:00:00.000Z'),
      keepHistory: false,
    });
    await expect(
      requestOrRunSync(
        userId,
        'apple_health',
        connectionDeps({ strava: async () => stravaDeps, google_health: noGoogle }),
      ),
    ).resolves.toEqual({
      kind: 'synced',
      result: { provider: 'apple_health', imported: 0, updated: 0, lastSyncAt: connection.connectedAt },
    });
  });
});

describe('disconnect and the daily refresh', () => {
  it('disconnect revokes the grant at Google, deactivates, and deletes the Google activities', async () => {
    const stravaDeps = await stravaTestDeps();
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, PRIYA, deps);
    const { refreshToken } = (await getConnection(userId, 'google_health', deps.cipher))!.tokens!;
    await disconnectProvider(
      userId,
      'google_health',
      deps.clock(),
      connectionDeps({ strava: async () => stravaDeps, google_health: async () => deps }),
    );
    expect(await googleIds(userId)).toEqual([]);
    const connection = (await getConnection(userId, 'google_health', deps.cipher))!;
    expect(connection).toMatchObject({ isActive: false, tokens: null });
    const refreshed = await fetch(`${sim.url}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: process.env.GOOGLE_CLIENT_ID!,
        client_secret: process.env.GOOGLE_CLIENT_SECRET!,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      }),
    });
    expect(refreshed.status).toBe(400);
    await expect(syncGoogleHealth(userId, deps)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('disconnect still succeeds when Google does not answer the revoke', async () => {
    const stravaDeps = await stravaTestDeps();
    const deps = await testDeps();
    const userId = newUserId();
    await connectAs(sim, userId, AVERY, deps);
    sim.control.failNext(1, { status: 503 }, { pathPrefix: '/revoke' });
    await disconnectProvider(
      userId,
      'google_health',
      deps.clock(),
      connectionDeps({ strava: async () => stravaDeps, google_health: async () => deps }),
    );
    expect((await getConnection(userId, 'google_health', null))!.isActive).toBe(false);
    expect(await googleIds(userId)).toEqual([]);
  });
});
