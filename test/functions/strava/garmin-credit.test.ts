import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { listActivities } from '../../../functions/usecases/activities';
import { ActivitiesQuery } from '../../../functions/shared/schemas/connections';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { connectAs, MAYA, newUserId, SOFIA, startStrava, testDeps } from './helpers';

let sim: StravaSimulator;
beforeAll(async () => {
  sim = await startStrava();
});
afterAll(() => sim.stop());

describe('Garmin credit on imported Strava activities', () => {
  it('marks the activities a Garmin synced (Maya) and not those recorded in the Strava app (Sofia)', async () => {
    const deps = await testDeps();
    const maya = newUserId();
    const sofia = newUserId();
    await connectAs(sim, maya, MAYA, deps);
    await connectAs(sim, sofia, SOFIA, deps);

    const mayas = await activitiesOfUser(maya);
    expect(mayas.length).toBeGreaterThan(0);
    for (const activity of mayas) expect(activity.garmin_device).toBe('Garmin');
    const sofias = await activitiesOfUser(sofia);
    expect(sofias.length).toBeGreaterThan(0);
    for (const activity of sofias) expect(activity.garmin_device).toBeNull();

    // The list reads from indexes without the attribute, and still shows the credit to its owner.
    const query = ActivitiesQuery.parse({});
    const mayaList = await listActivities(maya, query, new Date());
    expect(mayaList.activities.length).toBeGreaterThan(0);
    expect(mayaList.activities.every((a) => a.garmin_device === 'Garmin')).toBe(true);
    const sofiaList = await listActivities(sofia, query, new Date());
    expect(sofiaList.activities.length).toBeGreaterThan(0);
    expect(sofiaList.activities.some((a) => a.garmin_device)).toBe(false);
  });
});
