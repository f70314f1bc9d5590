import { afterEach, describe, expect, it } from 'vitest';
import { localDateOf, shiftDate } from '../../../../functions/domain/google-health-time';
import type { GoogleSimulator } from '../../../../infra/local/simulators/google';
import { manualClock } from '../strava/helpers';
import {
  AVERY,
  HEALTH_ACTIVITY,
  HEALTH_SLEEP,
  SAM,
  dailyRollUp,
  dateOf,
  json,
  listExercises,
  startSimulator,
  type Json,
} from './helpers';

const ZONE = 'America/Vancouver';
const NOW = '2026-11-20T20:00:00.000Z';

let sim: GoogleSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

async function started(options: Parameters<typeof startSimulator>[0] = {}) {
  const clock = manualClock(NOW);
  sim = await startSimulator({ clock: clock.now, ...options });
  return { sim, clock };
}

const tokenFor = (s: GoogleSimulator, sub: string, scope: string[] = [HEALTH_ACTIVITY]) =>
  s.control.issueTokens(sub, { scope }).access_token;

const filterFor = (start: string, end: string) =>
  `exercise.interval.civil_start_time >= "${start}" AND exercise.interval.civil_start_time < "${end}"`;

/** Google's JSON error format: code, message, status, and an ErrorInfo detail naming the reason. */
function expectGoogleError(body: Json, code: number, status: string, reason?: string) {
  expect(body.error).toMatchObject({ code, status, message: expect.any(String) });
  expect(Array.isArray(body.error.details)).toBe(true);
  if (reason)
    expect(body.error.details).toContainEqual(
      expect.objectContaining({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason }),
    );
}

describe('GET v4/users/me/identity', () => {
  it("answers the person's healthUserId", async () => {
    const { sim } = await started();
    const response = await fetch(`${sim.url}/v4/users/me/identity`, {
      headers: { authorization: `Bearer ${tokenFor(sim, AVERY)}` },
    });
    expect(response.status).toBe(200);
    const user = sim.control.users().find((u) => u.sub === AVERY)!;
    expect(await json(response)).toEqual({ name: 'users/me/identity', healthUserId: user.healthUserId });
  });
});

describe('GET v4/users/me/dataTypes/exercise/dataPoints', () => {
  it('pages 600+ exercises 25 at a time, newest start first, until no nextPageToken, each exactly once', async () => {
    const { sim } = await started();
    const token = tokenFor(sim, SAM);
    const all = sim.control.exercises(SAM);
    expect(all.length).toBeGreaterThanOrEqual(600);
    const seen: Json[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const response = await listExercises(sim, token, { pageSize: '100', ...(pageToken ? { pageToken } : {}) });
      expect(response.status).toBe(200);
      const body = await json(response);
      expect(body.dataPoints.length).toBeLessThanOrEqual(25);
      seen.push(...body.dataPoints);
      pageToken = body.nextPageToken;
      pages += 1;
    } while (pageToken);
    expect(pages).toBe(Math.ceil(all.length / 25));
    const ids = seen.map((p) => p.name.split('/').at(-1));
    expect(new Set(ids).size).toBe(all.length);
    const starts = seen.map((p) => Date.parse(p.exercise.interval.startTime));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
  });

  it('writes each exercise as the reference does: int64 as strings, durations in seconds, civil times', async () => {
    const { sim } = await started();
    const body = await json(await listExercises(sim, tokenFor(sim, AVERY), { pageSize: '5' }));
    const user = sim.control.users().find((u) => u.sub === AVERY)!;
    const [point] = body.dataPoints;
    expect(point.name).toMatch(new RegExp(`^users/${user.healthUserId}/dataTypes/exercise/dataPoints/\\d+$`));
    expect(point.exercise).toMatchObject({
      interval: {
        startTime: expect.stringMatching(/Z$/),
        endTime: expect.stringMatching(/Z$/),
        startUtcOffset: expect.stringMatching(/^-?\d+s$/),
        civilStartTime: { date: { year: expect.any(Number), month: expect.any(Number), day: expect.any(Number) } },
      },
      exerciseType: expect.stringMatching(/^[A-Z_]+$/),
      displayName: expect.any(String),
      activeDuration: expect.stringMatching(/^\d+s$/),
      metricsSummary: expect.objectContaining({ caloriesKcal: expect.any(Number) }),
    });
    for (const p of body.dataPoints as Json[]) {
      const metrics = p.exercise.metricsSummary;
      if (metrics.steps !== undefined) expect(metrics.steps).toMatch(/^\d+$/);
      if (metrics.averageHeartRateBeatsPerMinute !== undefined)
        expect(metrics.averageHeartRateBeatsPerMinute).toMatch(/^\d+$/);
      if (metrics.distanceMillimeters !== undefined) expect(typeof metrics.distanceMillimeters).toBe('number');
    }
  });

  it('filters on the civil start time with >= and <, and keeps the filter across pages', async () => {
    const { sim } = await started();
    const today = localDateOf(Date.parse(NOW), ZONE);
    const start = shiftDate(today, -29);
    const end = shiftDate(today, 1);
    const expected = sim.control
      .exercises(SAM)
      .filter((e) => localDateOf(e.startMs, ZONE) >= start && localDateOf(e.startMs, ZONE) < end);
    const token = tokenFor(sim, SAM);
    const filter = filterFor(start, end);
    const first = await json(await listExercises(sim, token, { filter }));
    expect(first.nextPageToken).toEqual(expect.any(String));
    const second = await json(await listExercises(sim, token, { filter, pageToken: first.nextPageToken }));
    const third = second.nextPageToken
      ? await json(await listExercises(sim, token, { filter, pageToken: second.nextPageToken }))
      : { dataPoints: [] };
    const got = [...first.dataPoints, ...second.dataPoints, ...third.dataPoints].map((p: Json) =>
      p.name.split('/').at(-1),
    );
    expect(new Set(got)).toEqual(new Set(expected.map((e) => e.id)));

    const otherFilter = await listExercises(sim, token, {
      filter: filterFor(start, today),
      pageToken: first.nextPageToken,
    });
    expect(otherFilter.status).toBe(400);
    expectGoogleError(await json(otherFilter), 400, 'INVALID_ARGUMENT');
  });

  it('refuses a filter the reference does not allow for sessions', async () => {
    const { sim } = await started();
    for (const filter of [
      'exercise.interval.start_time >= "2026-11-01T00:00:00Z"',
      'exercise.interval.civil_start_time > "2026-11-01"',
      'exercise.interval.civil_start_time >= 2026-11-01',
    ]) {
      const response = await listExercises(sim, tokenFor(sim, AVERY), { filter });
      expect(response.status, filter).toBe(400);
      expectGoogleError(await json(response), 400, 'INVALID_ARGUMENT');
    }
  });
});

describe('POST v4/users/me/dataTypes/steps/dataPoints:dailyRollUp', () => {
  it('rolls steps up by local day, countSum as a string, matching the day totals', async () => {
    const { sim } = await started();
    const today = localDateOf(Date.parse(NOW), ZONE);
    const start = shiftDate(today, -29);
    const end = shiftDate(today, 1);
    const response = await dailyRollUp(sim, tokenFor(sim, AVERY), {
      range: { start: { date: dateOf(start) }, end: { date: dateOf(end) } },
      windowSizeDays: 1,
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    const got = Object.fromEntries(
      (body.rollupDataPoints as Json[]).map((p) => {
        const { year, month, day } = p.civilStartTime.date;
        expect(p.steps.countSum).toMatch(/^\d+$/);
        return [`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, Number(p.steps.countSum)];
      }),
    );
    const expected = Object.fromEntries(
      sim.control
        .dailyTotals(AVERY)
        .filter((d) => d.date >= start && d.date < end && d.steps > 0)
        .map((d) => [d.date, d.steps]),
    );
    expect(got).toEqual(expected);
  });

  it('refuses more than 90 days, a start off midnight, and a body that is not JSON', async () => {
    const { sim } = await started();
    const token = tokenFor(sim, AVERY);
    const tooLong = await dailyRollUp(sim, token, {
      range: { start: { date: dateOf('2026-01-01') }, end: { date: dateOf('2026-04-02') } },
    });
    expect(tooLong.status).toBe(400);
    expectGoogleError(await json(tooLong), 400, 'INVALID_ARGUMENT');
    const ninety = await dailyRollUp(sim, token, {
      range: { start: { date: dateOf('2026-01-01') }, end: { date: dateOf('2026-04-01') } },
    });
    expect(ninety.status).toBe(200);
    const offMidnight = await dailyRollUp(sim, token, {
      range: { start: { date: dateOf('2026-01-01'), time: { hours: 6 } }, end: { date: dateOf('2026-01-08') } },
    });
    expect(offMidnight.status).toBe(400);
    expect((await dailyRollUp(sim, token, '{nope')).status).toBe(400);
  });
});

describe('authentication, scopes, quota and the API switch', () => {
  it('answers 401 UNAUTHENTICATED without a live token, 403 without the activity scope', async () => {
    const { sim } = await started();
    const missing = await listExercises(sim, null);
    expect(missing.status).toBe(401);
    expectGoogleError(await json(missing), 401, 'UNAUTHENTICATED');
    const sleepOnly = tokenFor(sim, AVERY, [HEALTH_SLEEP]);
    const forbidden = await listExercises(sim, sleepOnly);
    expect(forbidden.status).toBe(403);
    expectGoogleError(await json(forbidden), 403, 'PERMISSION_DENIED', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT');
    expect((await dailyRollUp(sim, sleepOnly, { range: {} })).status).toBe(403);
  });

  it('holds each person to the per-minute quota with 429 RESOURCE_EXHAUSTED, and opens again a minute later', async () => {
    const { sim, clock } = await started({ quotaPerMinute: 3 });
    const token = tokenFor(sim, AVERY);
    for (let i = 0; i < 3; i++) expect((await listExercises(sim, token)).status).toBe(200);
    const limited = await listExercises(sim, token);
    expect(limited.status).toBe(429);
    expectGoogleError(await json(limited), 429, 'RESOURCE_EXHAUSTED', 'RATE_LIMIT_EXCEEDED');
    expect((await listExercises(sim, tokenFor(sim, SAM))).status).toBe(200);
    clock.advance(60_001);
    expect((await listExercises(sim, token)).status).toBe(200);
  });

  it('refuses every call as SERVICE_DISABLED while the project has not enabled the API', async () => {
    const { sim } = await started();
    sim.control.setHealthApiEnabled(false);
    const response = await listExercises(sim, tokenFor(sim, AVERY));
    expect(response.status).toBe(403);
    const body = await json(response);
    expectGoogleError(body, 403, 'PERMISSION_DENIED', 'SERVICE_DISABLED');
    expect(body.error.message).toContain('Google Health API has not been used in project');
  });

  it('serves injected faults to v4 calls only', async () => {
    const { sim } = await started();
    sim.control.failNext(1, { status: 429, retryAfterSeconds: 7 });
    const token = tokenFor(sim, AVERY);
    const tokenInfo = await fetch(`${sim.url}/tokeninfo?access_token=${token}`);
    expect(tokenInfo.status).toBe(200);
    const faulted = await listExercises(sim, token);
    expect(faulted.status).toBe(429);
    expect(faulted.headers.get('retry-after')).toBe('7');
    expectGoogleError(await json(faulted), 429, 'RESOURCE_EXHAUSTED');
    expect((await listExercises(sim, token)).status).toBe(200);
  });
});
