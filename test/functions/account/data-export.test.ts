import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_FORMAT, DataExport } from '../../../functions/shared/schemas/data-export';
import { TripPlanInput } from '../../../functions/shared/schemas/trip-plans';
import { fileTripPlan } from '../../../functions/usecases/trip-plans';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { callRoute, userClaims } from '../../support/api-events';
import { haeWorkout, ingest, issueToken, newUserId, useAppleEnv } from '../apple/helpers';
import { daysAhead } from '../group-activities/helpers';
import { connectAs, MAYA, startStrava, testDeps } from '../strava/helpers';

let sim: StravaSimulator;
beforeAll(async () => {
  useAppleEnv();
  sim = await startStrava();
});
afterAll(() => sim.stop());

const exportOf = (userId: string) => callRoute('get-my-data', { claims: userClaims(userId) });

async function personWithData(trailhead: string) {
  const userId = newUserId();
  const { token } = await issueToken(userId);
  const ingested = await ingest(token, { data: { workouts: [haeWorkout(`w-${userId}`, 3)] } });
  expect(ingested.status).toBe(200);
  const date = daysAhead(2);
  await fileTripPlan(
    userId,
    TripPlanInput.parse({
      trailhead,
      route: 'Up and back',
      area: 'North Shore',
      startDate: date,
      startTime: '08:00',
      returnDate: date,
      returnTime: '17:00',
      graceMinutes: 60,
      vehicle: '',
      essentials: ['flashlight'],
      contacts: [{ name: 'Casey', email: `casey-${userId}@example.org` }],
    }),
    new Date(),
  );
  return { userId, token };
}

describe('GET /api/me/export', () => {
  it('needs a signed-in caller', async () => {
    expect((await callRoute('get-my-data')).status).toBe(401);
  });

  it("is a file of the caller's own data of every kind, with no other person's, and no token, secret or key", async () => {
    const me = await personWithData('Lynn Headwaters');
    const other = await personWithData('Zzyzx Pass');
    await connectAs(sim, me.userId, MAYA, await testDeps());

    const result = await exportOf(me.userId);
    expect(result.status).toBe(200);
    expect(result.headers?.['content-disposition']).toMatch(
      /^attachment; filename="trailbuddy-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = DataExport.parse(result.json);
    expect(data).toMatchObject({ format: DATA_EXPORT_FORMAT, account: { userId: me.userId } });
    expect(data.profile.id).toBe(me.userId);
    expect(data.tripPlans.map((plan) => plan.trailhead)).toEqual(['Lynn Headwaters']);
    expect(data.tripPlans[0]!.contacts).toEqual([{ name: 'Casey', email: `casey-${me.userId}@example.org` }]);
    const activities = data.stored.UnifiedActivity ?? [];
    expect(activities.filter((a) => a.provider_type === 'apple_health')).toHaveLength(1);
    // Strava's connect imported the athlete's recent activities: their fields, not Strava's raw copy.
    expect(activities.filter((a) => a.provider_type === 'strava').length).toBeGreaterThan(0);
    for (const activity of activities) expect(activity).not.toHaveProperty('raw_data');
    expect(data.stored.HealthConnection?.map((c) => c.provider).sort()).toEqual(['apple_health', 'strava']);

    const text = JSON.stringify(result.json);
    expect(text).not.toContain(other.userId);
    expect(text).not.toContain('Zzyzx Pass');
    // The ingest token, its hash, the provider tokens (ciphertext) and the table keys all stay out.
    expect(text).not.toContain(me.token);
    expect(text).not.toContain(createHash('sha256').update(me.token).digest('hex'));
    const names: string[] = [];
    JSON.stringify(result.json, (name, value: unknown) => (names.push(name), value));
    expect(names.filter((name) => /token|secret|hash|cipher|Enc$|^pk$|^sk$|^gsi1(pk|sk)$|Order$/i.test(name))).toEqual(
      [],
    );
  });
});
