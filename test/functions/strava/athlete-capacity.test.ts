import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConflictError } from '../../../functions/lib/errors';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getConnection } from '../../../functions/repositories/connections';
import { STRAVA_AT_CAPACITY_MESSAGE } from '../../../functions/usecases/strava-connect';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { connectAs, LIAM, MAYA, newUserId, startStrava, testDeps } from './helpers';

let sim: StravaSimulator;
beforeAll(async () => {
  sim = await startStrava();
});
afterAll(() => sim.stop());

/** The Embedded Metric Format lines written to stdout while `run` runs. */
async function emfLinesDuring(run: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
    lines.push(String(chunk));
    return (write as (c: unknown, ...r: unknown[]) => boolean)(chunk, ...rest);
  });
  try {
    await run().catch(() => undefined);
  } finally {
    spy.mockRestore();
  }
  return lines
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.startsWith('{') && line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("POST /api/strava/connect when TrailBuddy's Strava app is at its athlete capacity", () => {
  it('refuses with a plain message naming the other ways in, stores nothing, and counts a metric to alarm on', async () => {
    const deps = await testDeps();
    const first = sim.control.addAthlete(MAYA);
    const second = sim.control.addAthlete(LIAM);
    const connected = newUserId();
    await connectAs(sim, connected, first.id, deps);
    sim.control.setAthleteCapacity(1);

    const refusedUser = newUserId();
    const attempt = connectAs(sim, refusedUser, second.id, deps);
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'strava_at_capacity', message: STRAVA_AT_CAPACITY_MESSAGE });
    expect(STRAVA_AT_CAPACITY_MESSAGE).toMatch(/cannot take more Strava accounts right now/);
    expect(STRAVA_AT_CAPACITY_MESSAGE).toMatch(/Google Health/);
    expect(STRAVA_AT_CAPACITY_MESSAGE).toMatch(/Apple Health/);
    expect(await getConnection(refusedUser, 'strava', deps.cipher)).toBeNull();
    expect(await activitiesOfUser(refusedUser)).toEqual([]);
    expect(sim.control.requestCount({ path: '/oauth/token', status: 403 })).toBe(1);

    const metrics = await emfLinesDuring(() => connectAs(sim, newUserId(), second.id, deps));
    expect(metrics).toEqual([
      expect.objectContaining({
        Provider: 'strava',
        StravaAthleteCapacityRefusals: 1,
        _aws: expect.objectContaining({
          CloudWatchMetrics: [
            {
              Namespace: 'TrailBuddy',
              Dimensions: [['Provider']],
              Metrics: [{ Name: 'StravaAthleteCapacityRefusals', Unit: 'Count' }],
            },
          ],
        }),
      }),
    ]);

    // The athlete already connected is not refused: their connection keeps working.
    expect((await getConnection(connected, 'strava', deps.cipher))?.isActive).toBe(true);
  });
});
