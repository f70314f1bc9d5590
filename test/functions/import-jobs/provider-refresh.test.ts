import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as refreshJob } from '../../../functions/handlers/connections/refresh-job';
import { purgeExpiredProviderData } from '../../../functions/handlers/retention/purge';
import { ImportMessage, setLocalImportQueue } from '../../../functions/lib/import-queue';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getImportJob } from '../../../functions/repositories/import-jobs';
import { listSyncRequests, setManualSyncOnly } from '../../../functions/repositories/sync-requests';
import { SCHEDULED_JOBS } from '../../../functions/shared/routes';
import { connectionDeps } from '../../../functions/usecases/providers/registry';
import { requestOrRunSync } from '../../../functions/usecases/connections';
import { googleImporter } from '../../../functions/usecases/import-jobs/google-importer';
import { runImportJob } from '../../../functions/usecases/import-jobs/run-job';
import { stravaImporter } from '../../../functions/usecases/import-jobs/strava-importer';
import { refreshProviderConnections } from '../../../functions/usecases/provider-refresh';
import type { GoogleSimulator } from '../../../infra/local/simulators/google';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { useOwnTables } from '../../support/own-tables';
import { manualClock } from '../../local/simulators/strava/helpers';
import { AVERY, connectAs as connectGoogle, JORDAN, startGoogle, testDeps as googleTestDeps } from '../google/helpers';
import {
  connectAs as connectStrava,
  MAYA,
  newUserId,
  SOFIA,
  startStrava,
  testDeps as stravaTestDeps,
} from '../strava/helpers';

// The refresh walks every active connection, and the purge scans whole tables: this file gets tables of its own.
useOwnTables();

const DAY_MS = 86_400_000;
let strava: StravaSimulator;
let google: GoogleSimulator;
beforeAll(async () => {
  strava = await startStrava();
  google = await startGoogle();
});
afterAll(async () => {
  await strava.stop();
  await google.stop();
});
afterEach(() => setLocalImportQueue(null));

type JobMessage = Extract<ImportMessage, { type: 'job' }>;

function captureQueue(): JobMessage[] {
  const sent: JobMessage[] = [];
  setLocalImportQueue(async (body) => {
    const message = ImportMessage.parse(JSON.parse(body));
    if (message.type === 'job') sent.push(message);
  });
  return sent;
}

describe('the one daily refresh', () => {
  it('is one scheduled job, daily, that may scan connections and reads no provider itself', () => {
    const refreshes = SCHEDULED_JOBS.filter((job) => /refresh/.test(job.id));
    expect(refreshes).toEqual([
      expect.objectContaining({
        id: 'provider-refresh',
        schedule: 'rate(1 day)',
        access: { connections: { mode: 'write', scan: true } },
      }),
    ]);
  });

  it('queues for every active connection of every pull provider the import a manual sync starts, over the whole recent window', async () => {
    const stravaUser = newUserId();
    const googleUser = newUserId();
    await connectStrava(strava, stravaUser, MAYA, await stravaTestDeps());
    await connectGoogle(google, googleUser, AVERY, await googleTestDeps());
    const sent = captureQueue();

    await expect(refreshJob()).resolves.toEqual({ started: 2, failed: 0 });

    expect(sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: stravaUser, provider: 'strava', kind: 'import', window: 'recent' }),
        expect.objectContaining({ userId: googleUser, provider: 'google_health', kind: 'import', window: 'recent' }),
      ]),
    );
    expect(sent).toHaveLength(2);
    // The same job record a manual sync uses: asking for a sync now returns the queued one.
    const queued = (await getImportJob(stravaUser, 'strava', 'import'))!.job;
    expect(await requestOrRunSync(stravaUser, 'strava', connectionDeps({ strava: stravaTestDeps }))).toMatchObject({
      kind: 'queued',
      job: { id: queued.id },
    });
    expect(sent).toHaveLength(2);
  });

  it('the job it queues re-reads every page of the recent window, so what Strava still has survives the purge', async () => {
    const start = '2026-10-01T08:00:00.000Z';
    const clock = manualClock(start);
    const deps = await stravaTestDeps({ clock: clock.now });
    const userId = newUserId();
    await connectStrava(strava, userId, SOFIA, deps);
    const before = await activitiesOfUser(userId);
    clock.advance(6 * DAY_MS);
    const sent = captureQueue();

    await expect(
      refreshProviderConnections(clock.now(), (provider) => (provider === 'strava' ? [{ userId }] : [])),
    ).resolves.toEqual({
      started: 1,
      failed: 0,
    });
    expect(await runImportJob(sent[0]!, { importers: { strava: async () => stravaImporter(deps) } })).toBe('done');

    await purgeExpiredProviderData(new Date(Date.parse(start) + 8 * DAY_MS));
    const after = await activitiesOfUser(userId);
    const stillInWindow = before.filter((a) => Date.parse(a.start_time) > clock.now().getTime() - 30 * DAY_MS);
    expect(stillInWindow.length).toBeGreaterThan(0);
    const afterIds = after.map((a) => a.provider_activity_id);
    expect(afterIds).toEqual(expect.arrayContaining(stillInWindow.map((a) => a.provider_activity_id)));
    // What fell out of the window was not re-fetched, so the purge took it.
    const outOfWindow = before.filter((a) => !stillInWindow.includes(a)).map((a) => a.provider_activity_id);
    expect(outOfWindow.length).toBeGreaterThan(0);
    expect(afterIds.filter((id) => outOfWindow.includes(id))).toEqual([]);
    for (const activity of after) expect(activity.fetched_at).toBe(clock.now().toISOString());
  });

  it("answers a manual_sync_only user's pending request when its job has covered the window", async () => {
    const deps = await stravaTestDeps();
    const userId = newUserId();
    await connectStrava(strava, userId, MAYA, deps);
    await setManualSyncOnly(userId, true, new Date());
    const response = await requestOrRunSync(userId, 'strava', connectionDeps({ strava: async () => deps }));
    expect(response).toMatchObject({ kind: 'requested', request: { status: 'pending' } });
    const sent = captureQueue();

    await refreshProviderConnections(new Date(), (provider) => (provider === 'strava' ? [{ userId }] : []));
    expect(await runImportJob(sent[0]!, { importers: { strava: async () => stravaImporter(deps) } })).toBe('done');

    const [done] = await listSyncRequests(userId);
    expect(done).toMatchObject({ status: 'completed', error_message: null });
    expect(done!.completed_at).not.toBeNull();
  });

  it('one connection that fails does not stop the others; its job fails with the reason', async () => {
    const deps = await googleTestDeps();
    const good = newUserId();
    const revoked = newUserId();
    await connectGoogle(google, good, AVERY, deps);
    await connectGoogle(google, revoked, JORDAN, deps);
    google.control.revokeAccess(JORDAN);
    const fetchedBefore = (await activitiesOfUser(good))[0]!.fetched_at;
    const sent = captureQueue();

    await expect(
      refreshProviderConnections(new Date(), (provider) =>
        provider === 'google_health' ? [{ userId: good }, { userId: revoked }] : [],
      ),
    ).resolves.toEqual({ started: 2, failed: 0 });
    const importers = { google_health: async () => googleImporter(deps) };
    const outcomes = [];
    // (A finished first import queues the connection's history backfill after it: not run here.)
    for (const message of [...sent]) outcomes.push(await runImportJob(message, { importers }));
    expect(outcomes).toEqual(['done', 'failed']);
    expect((await activitiesOfUser(good)).every((a) => a.fetched_at > fetchedBefore)).toBe(true);
    expect((await getImportJob(revoked, 'google_health', 'import'))!.job.error).toMatchObject({
      code: 'google_reconnect_required',
    });
  });
});
