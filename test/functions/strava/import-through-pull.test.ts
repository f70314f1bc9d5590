import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ImportMessage, setLocalImportQueue } from '../../../functions/lib/import-queue';
import { stravaPull } from '../../../functions/usecases/providers/strava/pull';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { startImportJob } from '../../../functions/usecases/import-jobs/jobs';
import { runImportJob } from '../../../functions/usecases/import-jobs/run-job';
import { BACKFILL_PAGE_SIZE, stravaImporter } from '../../../functions/usecases/import-jobs/strava-importer';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { connectAs, MAYA, newUserId, startStrava, testDeps } from './helpers';

const DAY_MS = 86_400_000;
let sim: StravaSimulator;
beforeAll(async () => {
  sim = await startStrava();
});
afterAll(() => sim.stop());
afterEach(() => {
  vi.restoreAllMocks();
  setLocalImportQueue(null);
});

describe("Strava's import goes through its provider's pull", () => {
  it('reads and maps the import window and the backfill year with stravaPull, the one reading of Strava', async () => {
    const list = vi.spyOn(stravaPull, 'listWindowPage');
    const map = vi.spyOn(stravaPull, 'map');
    const deps = await testDeps();
    const userId = newUserId();

    const connected = await connectAs(sim, userId, MAYA, deps);
    const imported = await activitiesOfUser(userId);
    expect(imported.length).toBeGreaterThan(0);
    expect(connected.sync!.imported).toBe(imported.length);
    // Every stored activity came out of the pull's mapping, from pages the pull read.
    const mapped = map.mock.results.flatMap((result) => (result.value as ReturnType<typeof stravaPull.map>).activities);
    expect(mapped.map((a) => a.activity.provider_activity_id).sort()).toEqual(
      imported.map((a) => a.provider_activity_id).sort(),
    );
    const importReads = list.mock.calls.length;
    const importMaps = map.mock.calls.length;
    expect(importReads).toBeGreaterThan(0);

    const sent: ImportMessage[] = [];
    setLocalImportQueue(async (body) => {
      sent.push(ImportMessage.parse(JSON.parse(body)));
    });
    await startImportJob(userId, 'strava', 'backfill', deps.clock());
    const message = sent.find((m) => m.type === 'job' && m.kind === 'backfill');
    if (message?.type !== 'job') throw new Error('no backfill job queued');
    expect(await runImportJob(message, { importers: { strava: async () => stravaImporter(deps) } })).toBe('done');

    const backfillReads = list.mock.calls.slice(importReads);
    expect(backfillReads.length).toBeGreaterThan(0);
    for (const [readUser, , window, , pageSize] of backfillReads) {
      expect(readUser).toBe(userId);
      expect(pageSize).toBe(BACKFILL_PAGE_SIZE);
      // The year before the 30-day import window, in Strava's larger pages.
      expect(window.endMs).toBeLessThan(Date.now() - 29 * DAY_MS);
    }
    expect(map.mock.calls.length).toBeGreaterThan(importMaps);
  });
});
