import { afterEach, describe, expect, it } from 'vitest';
import type { GoogleSimulator } from '../../../../infra/local/simulators/google';
import { manualClock } from '../strava/helpers';
import {
  aggregate,
  AVERY,
  DAY_MS,
  FITNESS_ACTIVITY,
  FITNESS_HEART_RATE,
  json,
  JORDAN,
  PRIYA,
  sessions,
  startSimulator,
} from './helpers';

let sim: GoogleSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

const NOW = '2026-05-20T19:30:00.000Z';
// Local midnight in Vancouver (PDT, UTC-7) of May 11: the start of a ten-day window ending today.
const WINDOW_START = Date.parse('2026-05-11T07:00:00.000Z');

const allTypes = [
  { dataTypeName: 'com.google.step_count.delta' },
  { dataTypeName: 'com.google.calories.expended' },
  { dataTypeName: 'com.google.distance.delta' },
  { dataTypeName: 'com.google.heart_rate.bpm' },
];

describe('POST /fitness/v1/users/me/dataset:aggregate', () => {
  it('answers daily buckets in the real API shape: string millis, one dataset per aggregateBy, intVal / fpVal values', async () => {
    const clock = manualClock(NOW);
    sim = await startSimulator({ clock: clock.now });
    const { access_token } = sim.control.issueTokens(AVERY);
    const response = await aggregate(sim, access_token, {
      aggregateBy: allTypes,
      bucketByTime: { durationMillis: DAY_MS },
      startTimeMillis: WINDOW_START,
      endTimeMillis: Date.parse(NOW),
    });
    expect(response.status).toBe(200);
    const { bucket } = await json(response);
    expect(bucket).toHaveLength(10);
    expect(bucket[0].startTimeMillis).toBe(String(WINDOW_START));
    expect(bucket[0].endTimeMillis).toBe(String(WINDOW_START + DAY_MS));
    // The last bucket stops at endTimeMillis.
    expect(bucket[9].endTimeMillis).toBe(String(Date.parse(NOW)));
    const sources = bucket[0].dataset.map((d: { dataSourceId: string }) => d.dataSourceId);
    expect(sources).toEqual([
      'derived:com.google.step_count.delta:com.google.android.gms:aggregated',
      'derived:com.google.calories.expended:com.google.android.gms:aggregated',
      'derived:com.google.distance.delta:com.google.android.gms:aggregated',
      'derived:com.google.heart_rate.summary:com.google.android.gms:aggregated',
    ]);
    const withSteps = bucket.find((b: { dataset: { point: unknown[] }[] }) => b.dataset[0]!.point.length > 0);
    const [steps, calories, distance, heart] = withSteps.dataset.map((d: { point: unknown[] }) => d.point[0]);
    expect(steps).toMatchObject({
      dataTypeName: 'com.google.step_count.delta',
      originDataSourceId: '',
      value: [{ intVal: expect.any(Number), mapVal: [] }],
    });
    expect(steps.startTimeNanos).toMatch(/^\d{19}$/);
    expect(calories.value[0].fpVal).toBeGreaterThan(0);
    expect(distance.value[0].fpVal).toBeGreaterThan(0);
    expect(heart.dataTypeName).toBe('com.google.heart_rate.summary');
    const [average, max, min] = heart.value.map((v: { fpVal: number }) => v.fpVal);
    expect(min).toBeLessThanOrEqual(average);
    expect(average).toBeLessThanOrEqual(max);
  });

  it('sums to the same daily totals the simulator holds, and leaves a day without data with empty point lists', async () => {
    const clock = manualClock(NOW);
    sim = await startSimulator({ clock: clock.now });
    const { access_token } = sim.control.issueTokens(JORDAN);
    const { bucket } = await json(
      await aggregate(sim, access_token, {
        aggregateBy: allTypes.slice(0, 2),
        bucketByTime: { durationMillis: String(DAY_MS) },
        startTimeMillis: String(WINDOW_START),
        endTimeMillis: Date.parse(NOW),
      }),
    );
    const totals = new Map(sim.control.dailyTotals(JORDAN).map((d) => [d.date, d]));
    let emptyDays = 0;
    for (const b of bucket) {
      const date = new Date(Number(b.startTimeMillis) + 12 * 3_600_000 - 7 * 3_600_000).toISOString().slice(0, 10);
      const steps = b.dataset[0].point[0]?.value[0].intVal ?? 0;
      expect(steps, date).toBe(totals.get(date)?.steps ?? 0);
      if (b.dataset[0].point.length === 0 && b.dataset[1].point.length === 0) emptyDays += 1;
    }
    expect(emptyDays).toBeGreaterThan(0);
    // Jordan wears no watch: no heart rate at all.
    const { bucket: hr } = await json(
      await aggregate(sim, access_token, {
        aggregateBy: [allTypes[3]],
        bucketByTime: { durationMillis: DAY_MS },
        startTimeMillis: WINDOW_START,
        endTimeMillis: Date.parse(NOW),
      }),
    );
    expect(hr.every((b: { dataset: { point: unknown[] }[] }) => b.dataset[0]!.point.length === 0)).toBe(true);
  });

  it.each([
    [
      'no aggregateBy',
      { bucketByTime: { durationMillis: DAY_MS }, startTimeMillis: 0, endTimeMillis: 1 },
      'Must specify at least one aggregateBy.',
    ],
    [
      'an unknown data type',
      {
        aggregateBy: [{ dataTypeName: 'com.google.nope' }],
        bucketByTime: { durationMillis: DAY_MS },
        startTimeMillis: 0,
        endTimeMillis: 1,
      },
      'no default datasource found for: com.google.nope',
    ],
    [
      'no bucketing',
      { aggregateBy: allTypes.slice(0, 1), startTimeMillis: 0, endTimeMillis: 1 },
      'bucketByTime.durationMillis must be positive',
    ],
    [
      'start after end',
      {
        aggregateBy: allTypes.slice(0, 1),
        bucketByTime: { durationMillis: DAY_MS },
        startTimeMillis: 5,
        endTimeMillis: 1,
      },
      'endTimeMillis must be greater than startTimeMillis.',
    ],
    [
      'too many buckets',
      {
        aggregateBy: allTypes.slice(0, 1),
        bucketByTime: { durationMillis: 1 },
        startTimeMillis: 0,
        endTimeMillis: 20_000,
      },
      'aggregate duration too large',
    ],
  ])('refuses %s with 400 INVALID_ARGUMENT', async (_name, body, message) => {
    sim = await startSimulator();
    const { access_token } = sim.control.issueTokens(AVERY);
    const response = await aggregate(sim, access_token, body);
    expect(response.status).toBe(400);
    const error = (await json(response)).error;
    expect(error).toMatchObject({
      code: 400,
      status: 'INVALID_ARGUMENT',
      errors: [{ reason: 'invalidArgument', domain: 'global' }],
    });
    expect(error.message).toContain(message);
  });

  it('refuses a body that is not JSON', async () => {
    sim = await startSimulator();
    const { access_token } = sim.control.issueTokens(AVERY);
    expect((await aggregate(sim, access_token, '{nope')).status).toBe(400);
  });

  it('needs the scope of each data type: distance needs location, heart rate needs heart_rate (or body)', async () => {
    sim = await startSimulator();
    const { access_token } = sim.control.issueTokens(AVERY, {
      scope: ['openid', FITNESS_ACTIVITY, FITNESS_HEART_RATE],
    });
    const range = {
      bucketByTime: { durationMillis: DAY_MS },
      startTimeMillis: Date.now() - DAY_MS,
      endTimeMillis: Date.now(),
    };
    expect((await aggregate(sim, access_token, { ...range, aggregateBy: [allTypes[0], allTypes[3]] })).status).toBe(
      200,
    );
    const denied = await aggregate(sim, access_token, { ...range, aggregateBy: [allTypes[2]] });
    expect(denied.status).toBe(403);
    expect((await json(denied)).error).toMatchObject({
      code: 403,
      message: 'Request had insufficient authentication scopes.',
      status: 'PERMISSION_DENIED',
    });
  });
});

describe('authentication and the API switch', () => {
  it('answers 401 UNAUTHENTICATED for a missing, unknown, expired or revoked token', async () => {
    sim = await startSimulator();
    const tokens = sim.control.issueTokens(AVERY);
    const query = `startTime=${new Date(Date.now() - DAY_MS).toISOString()}&endTime=${new Date().toISOString()}`;
    const unauthenticated = await sessions(sim, null, query);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await json(unauthenticated)).error).toMatchObject({
      code: 401,
      status: 'UNAUTHENTICATED',
      errors: [{ reason: 'authError' }],
    });
    expect((await sessions(sim, 'ya29.unknown', query)).status).toBe(401);
    expect((await sessions(sim, tokens.access_token, query)).status).toBe(200);
    sim.control.expireAccessTokens(AVERY);
    expect((await sessions(sim, tokens.access_token, query)).status).toBe(401);
    const fresh = sim.control.issueTokens(AVERY);
    sim.control.revokeAccess(AVERY);
    expect((await sessions(sim, fresh.access_token, query)).status).toBe(401);
  });

  it('with the Fitness API switched off answers every call 403 "has not been used in project … or it is disabled"', async () => {
    sim = await startSimulator();
    const { access_token } = sim.control.issueTokens(AVERY);
    sim.control.setFitnessApiEnabled(false);
    const response = await sessions(sim, access_token, '');
    expect(response.status).toBe(403);
    const { error } = await json(response);
    expect(error.message).toMatch(/^Fitness API has not been used in project 246810121416 before or it is disabled\./);
    expect(error.errors[0]).toMatchObject({ reason: 'accessNotConfigured', domain: 'usageLimits' });
    sim.control.setFitnessApiEnabled(true);
    expect((await sessions(sim, access_token, '')).status).toBe(200);
  });
});

describe('GET /fitness/v1/users/me/sessions', () => {
  it('lists the sessions ending within startTime…endTime, oldest first, in the real shape', async () => {
    const clock = manualClock(NOW);
    sim = await startSimulator({ clock: clock.now });
    const { access_token } = sim.control.issueTokens(PRIYA);
    const from = new Date(WINDOW_START).toISOString();
    const response = await sessions(sim, access_token, `startTime=${from}&endTime=${NOW}`);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.deletedSession).toEqual([]);
    const expected = sim.control
      .sessions(PRIYA)
      .filter((s) => s.endTimeMillis >= WINDOW_START && s.endTimeMillis <= Date.parse(NOW));
    expect(body.session.map((s: { id: string }) => s.id)).toEqual(expected.map((s) => s.id));
    expect(body.session.length).toBeGreaterThan(2);
    const first = body.session[0];
    expect(first).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      description: '',
      activityType: expect.any(Number),
      application: { packageName: 'com.garmin.android.apps.connectmobile' },
    });
    expect(first.startTimeMillis).toMatch(/^\d{13}$/);
    expect(Number(first.endTimeMillis)).toBeGreaterThan(Number(first.startTimeMillis));
  });

  it('filters by activityType, reports deleted sessions with includeDeleted, and refuses a malformed time', async () => {
    const clock = manualClock(NOW);
    sim = await startSimulator({ clock: clock.now });
    const { access_token } = sim.control.issueTokens(AVERY);
    const added = sim.control.addSession(AVERY, {
      sport: 'swimming',
      name: 'Test swim',
      startTime: new Date(Date.parse(NOW) - 3 * 3_600_000),
      minutes: 30,
    });
    const range = `startTime=${new Date(WINDOW_START).toISOString()}&endTime=${NOW}`;
    const swims = await json(await sessions(sim, access_token, `${range}&activityType=109`));
    expect(swims.session.map((s: { name: string }) => s.name)).toEqual(['Test swim']);

    sim.control.deleteSession(added.id);
    const after = await json(await sessions(sim, access_token, `${range}&includeDeleted=true`));
    expect(after.session.map((s: { id: string }) => s.id)).not.toContain(added.id);
    expect(after.deletedSession.map((s: { id: string }) => s.id)).toEqual([added.id]);

    const bad = await sessions(sim, access_token, 'startTime=yesterday');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.status).toBe('INVALID_ARGUMENT');
  });

  it('needs fitness.activity.read', async () => {
    sim = await startSimulator();
    const { access_token } = sim.control.issueTokens(AVERY, { scope: ['openid', FITNESS_HEART_RATE] });
    expect((await sessions(sim, access_token, '')).status).toBe(403);
  });
});

describe('faults and the control plane', () => {
  it('serves injected faults (429 with Retry-After, 500) to Fitness calls only, then answers normally', async () => {
    sim = await startSimulator();
    const { access_token } = sim.control.issueTokens(AVERY);
    sim.control.failNext(1, { status: 429, retryAfterSeconds: 2 });
    sim.control.failNext(1, { status: 500 });
    const limited = await sessions(sim, access_token, '');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await json(limited)).error.status).toBe('RESOURCE_EXHAUSTED');
    expect((await sessions(sim, access_token, '')).status).toBe(500);
    expect((await sessions(sim, access_token, '')).status).toBe(200);
    expect(sim.control.requestCount({ path: '/fitness/v1/users/me/sessions' })).toBe(3);
  });

  it('is steerable over HTTP: users, sessions, day data, faults, API switch, reset', async () => {
    sim = await startSimulator();
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${sim!.url}/__simulator/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect((await json(await control('GET', 'users'))).map((u: { sub: string }) => u.sub)).toEqual([
      AVERY,
      JORDAN,
      PRIYA,
    ]);
    const before = (await json(await control('GET', `users/${AVERY}/sessions`))).length;
    const created = await control('POST', `users/${AVERY}/sessions`, {
      sport: 'hiking',
      name: 'Control hike',
      startTime: new Date(Date.now() - 4 * 3_600_000).toISOString(),
      minutes: 80,
    });
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({ name: 'Control hike', activityType: 112 });
    expect((await json(await control('GET', `users/${AVERY}/sessions`))).length).toBe(before + 1);

    expect((await control('PUT', `users/${AVERY}/days/2026-01-05`, { steps: 4321 })).status).toBe(204);
    expect(
      (await json(await control('GET', `users/${AVERY}/days`))).find((d: { date: string }) => d.date === '2026-01-05'),
    ).toMatchObject({ steps: 4321 });

    const tokens = await json(await control('POST', 'tokens', { sub: AVERY }));
    expect((await control('PUT', 'fitness-api', { enabled: false })).status).toBe(204);
    expect((await sessions(sim, tokens.access_token, '')).status).toBe(403);
    expect((await control('POST', 'faults', { count: 1, fault: { status: 503 } })).status).toBe(204);

    expect((await control('POST', 'reset')).status).toBe(204);
    expect((await sessions(sim, tokens.access_token, '')).status).toBe(401); // tokens are gone too
    const again = await json(await control('POST', 'tokens', { sub: AVERY }));
    expect((await sessions(sim, again.access_token, '')).status).toBe(200); // API back on, fault gone
    expect((await json(await control('GET', `users/${AVERY}/sessions`))).length).toBe(before);
    expect((await control('GET', 'nothing-here')).status).toBe(404);
  });
});

describe('calendar-day buckets (bucketByTime.period)', () => {
  // 2025's, the last: British Columbia keeps UTC−7 from November 2026.
  it("follows the zone's days across the November DST switch, where fixed 24 h buckets drift an hour", async () => {
    const clock = manualClock('2025-11-04T20:00:00.000Z');
    sim = await startSimulator({ clock: clock.now });
    const { access_token } = sim.control.issueTokens(AVERY);
    const oct31 = Date.parse('2025-10-31T07:00:00.000Z'); // local midnight, PDT
    const body = (bucketByTime: unknown) => ({
      aggregateBy: allTypes.slice(0, 1),
      bucketByTime,
      startTimeMillis: oct31,
      endTimeMillis: Date.parse('2025-11-04T08:00:00.000Z'),
    });
    const byDay = await json(
      await aggregate(sim, access_token, body({ period: { type: 'day', value: 1, timeZoneId: 'America/Vancouver' } })),
    );
    expect(
      byDay.bucket.map((b: { startTimeMillis: string }) => new Date(Number(b.startTimeMillis)).toISOString()),
    ).toEqual([
      '2025-10-31T07:00:00.000Z',
      '2025-11-01T07:00:00.000Z',
      '2025-11-02T07:00:00.000Z',
      '2025-11-03T08:00:00.000Z', // PST from here: the 25-hour day ends an hour later
    ]);
    const fixed = await json(await aggregate(sim, access_token, body({ durationMillis: DAY_MS })));
    expect(new Date(Number(fixed.bucket[3].startTimeMillis)).toISOString()).toBe('2025-11-03T07:00:00.000Z');

    for (const bad of [
      { period: { type: 'week', value: 1, timeZoneId: 'America/Vancouver' } },
      { period: { type: 'day', value: 1, timeZoneId: 'Mars/Olympus' } },
      { period: { type: 'day', value: 0, timeZoneId: 'UTC' } },
    ]) {
      expect((await aggregate(sim, access_token, body(bad))).status).toBe(400);
    }
  });
});
