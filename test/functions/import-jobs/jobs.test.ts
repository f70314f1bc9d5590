import { describe, expect, it } from 'vitest';
import { ImportMessage, setLocalImportQueue } from '../../../functions/lib/import-queue';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getConnection } from '../../../functions/repositories/connections';
import { getImportJob } from '../../../functions/repositories/import-jobs';
import { listDailyAggregates, listProviderDailyAggregates } from '../../../functions/repositories/metrics';
import { listUserImportJobs, startImportJob } from '../../../functions/usecases/import-jobs/jobs';
import { runImportJob } from '../../../functions/usecases/import-jobs/run-job';
import { stravaImporter } from '../../../functions/usecases/import-jobs/strava-importer';
import { recalculateUserMetrics } from '../../../functions/usecases/metrics';
import { recalculateMetricsAfterSync } from '../../../functions/usecases/strava-deps';
import { syncStrava } from '../../../functions/usecases/strava-sync';
import { localTimeIn } from '../../../functions/shared/analysis/local-time';
import { DEFAULT_TIME_ZONE } from '../../../functions/shared/schemas/metrics';
import { SEEDED_ATHLETE_IDS, type PageOrder, type StravaSimulator } from '../../../infra/local/simulators/strava';
import { manualClock } from '../../local/simulators/strava/helpers';
import { connectAs, MAYA, newUserId, startStrava, testDeps, type TestDeps } from '../strava/helpers';
import { quarterHourStart, useStravaSyncFixture } from '../strava/sync-fixture';

const DAY_MS = 86_400_000;
const START = quarterHourStart();
const PER_PAGE = 100;
const RECENT = 1_500;
const OLDER = 450;
/** Strava's read limit per 15 minutes, well below the ~17 + 4 pages the import and the backfill need. */
const FIFTEEN_MIN_LIMIT = 4;

const sims = useStravaSyncFixture(PER_PAGE);

interface Sent {
  message: ImportMessage;
  delaySeconds: number;
  attempt: number;
}

/**
 * The queue as SQS would behave for one worker: messages in order, a delayed one only once its delay has passed
 * (the simulator's clock is moved on to it — nothing else can happen meanwhile), a throw redelivers the message.
 */
async function drain(
  queue: Sent[],
  deps: TestDeps,
  clock: ReturnType<typeof manualClock>,
  log: { outcome: string; kind: string }[],
) {
  for (let step = 0; queue.length > 0 && step < 200; step++) {
    const next = queue.shift()!;
    if (next.delaySeconds > 0) clock.advance(next.delaySeconds * 1000);
    if (next.message.type !== 'job') continue;
    try {
      const outcome = await runImportJob(next.message, {
        importers: { strava: async () => stravaImporter(deps) },
        attempt: next.attempt,
        maxAttempts: 5,
      });
      log.push({ outcome, kind: next.message.kind });
    } catch {
      log.push({ outcome: 'crashed', kind: next.message.kind });
      queue.push({ ...next, delaySeconds: 0, attempt: next.attempt + 1 });
    }
  }
}

async function busyAthlete(pageOrder: PageOrder) {
  const clock = manualClock(START);
  const sim = await startStrava({
    clock: clock.now,
    pageOrder,
    accessTokenLifetimeSeconds: 10 * 60,
    limits: { read: { fifteenMin: FIFTEEN_MIN_LIMIT, daily: 10_000 }, overall: { fifteenMin: 10_000, daily: 10_000 } },
  });
  sims.push(sim);
  const now = clock.now().getTime();
  for (let i = 0; i < RECENT; i++)
    sim.control.addActivity(MAYA, {
      sport: 'Run',
      startDate: new Date(now - 3_600_000 - i * 27 * 60_000),
      visibility: 'everyone',
    });
  // A year of history before the 30-day window: from 31 to ~360 days ago.
  for (let i = 0; i < OLDER; i++)
    sim.control.addActivity(MAYA, {
      sport: 'Hike',
      startDate: new Date(now - 31 * DAY_MS - i * 17 * 3_600_000),
      visibility: 'everyone',
    });
  const visible = sim.control.activities(MAYA).filter((a) => a.visibility !== 'only_me');
  const inWindow = visible
    .filter((a) => Date.parse(a.start_date) > now - 30 * DAY_MS && Date.parse(a.start_date) <= now)
    .map((a) => String(a.id));
  const older = visible.filter(
    (a) => Date.parse(a.start_date) > now - 365 * DAY_MS && Date.parse(a.start_date) <= now - 30 * DAY_MS,
  );
  return { sim, clock, inWindow, older };
}

const listCalls = (sim: StravaSimulator) =>
  sim.control.requests().filter((r) => r.path === '/api/v3/athlete/activities');

describe.each<PageOrder>(['oldest-first', 'newest-first'])(
  'an import job over a busy window, pages %s',
  (pageOrder) => {
    it('stores every activity once, resumes after a crash and each used-up window, never calls into a used-up window, then backfills the year into the daily aggregates', async () => {
      const { sim, clock, inWindow, older } = await busyAthlete(pageOrder);
      expect(inWindow.length).toBeGreaterThan(RECENT);

      // The worker dies once, mid-import, right after Strava served page 6 of the job (before it was stored).
      let served = 0;
      let armed = false;
      const dyingFetch: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (armed && String(input).includes('/athlete/activities') && ++served === 6) throw new Error('worker killed');
        return response;
      };
      const deps = await testDeps({ clock: clock.now, fetch: dyingFetch });
      const userId = newUserId();
      const queue: Sent[] = [];
      setLocalImportQueue(async (body, delaySeconds) => {
        queue.push({ message: ImportMessage.parse(JSON.parse(body)), delaySeconds, attempt: 1 });
      });

      // Connect's own run stops at the used-up window; the rest is the job's.
      await connectAs(sim, userId, MAYA, deps);
      sim.control.clearRequests();
      armed = true;
      const job = await startImportJob(userId, 'strava', 'import', clock.now());
      expect(job).toMatchObject({ status: 'queued', kind: 'import', provider: 'strava' });
      // One job per user and provider: asking again returns the same one and queues nothing more.
      expect((await startImportJob(userId, 'strava', 'import', clock.now())).id).toBe(job.id);
      expect(queue).toHaveLength(1);

      const log: { outcome: string; kind: string }[] = [];
      await drain(queue, deps, clock, log);

      const done = await getImportJob(userId, 'strava', 'import');
      expect(done!.job.error).toBeNull();
      expect(done!.job).toMatchObject({
        id: job.id,
        status: 'done',
        waitingUntil: null,
        result: { imported: expect.any(Number) },
      });
      const stored = (await activitiesOfUser(userId)).map((a) => a.provider_activity_id);
      expect(stored).toHaveLength(inWindow.length);
      expect(new Set(stored)).toEqual(new Set(inWindow));
      expect(log.filter((entry) => entry.kind === 'import').map((entry) => entry.outcome)).toContain('crashed');
      expect(log.filter((entry) => entry.kind === 'import').map((entry) => entry.outcome)).toContain('waiting');

      // The backfill followed on its own and read the year before the window into the daily aggregates only.
      const backfill = await getImportJob(userId, 'strava', 'backfill');
      expect(backfill!.job).toMatchObject({ status: 'done' });
      const parts = (await listProviderDailyAggregates(userId, { provider: 'strava' })).filter(
        (part) => part.backfilled === true,
      );
      expect(parts.reduce((sum, part) => sum + part.sessions, 0)).toBe(older.length);
      expect(backfill!.job.result!.days).toBe(parts.length);
      expect(backfill!.job.counts.fetched).toBe(older.length);
      // No raw activity older than the window was stored.
      const windowStart = Date.parse(START) - 30 * DAY_MS;
      expect((await activitiesOfUser(userId)).every((a) => Date.parse(a.start_time) > windowStart)).toBe(true);

      // Resumed, not restarted: every import page once (plus the one lost with the crash, plus the empty last page);
      // the backfill read its pages of 200 once each.
      const connectPages = FIFTEEN_MIN_LIMIT;
      const importPages = Math.ceil(inWindow.length / PER_PAGE) - connectPages;
      const backfillPages = Math.ceil(older.length / 200);
      expect(listCalls(sim)).toHaveLength(importPages + 1 + 1 + backfillPages + 1);
      // No request was sent into a used-up window: Strava never had to answer 429.
      expect(sim.control.requestCount({ status: 429 })).toBe(0);
      expect(sim.control.requestCount({ path: '/oauth/token', method: 'POST' })).toBeGreaterThan(1);
      expect((await getConnection(userId, 'strava', null))!.syncCursor).toBeNull();

      // What the browser sees: both jobs, finished, with counts and no cursor.
      const { jobs } = await listUserImportJobs(userId);
      expect(jobs.map((j) => `${j.kind}:${j.status}`).sort()).toEqual(['backfill:done', 'import:done']);
      expect(JSON.stringify(jobs)).not.toMatch(/nextPage|days"\s*:\s*\{/);
    }, 180_000);
  },
);

describe('a job that is waiting', () => {
  it('records what it waits for and sends nothing before the window reopens', async () => {
    const clock = manualClock(START);
    const sim = await startStrava({
      clock: clock.now,
      limits: { read: { fifteenMin: 1, daily: 10_000 }, overall: { fifteenMin: 10_000, daily: 10_000 } },
    });
    sims.push(sim);
    for (let i = 0; i < 30; i++)
      sim.control.addActivity(MAYA, {
        sport: 'Ride',
        startDate: new Date(clock.now().getTime() - 3_600_000 - i * 3_600_000),
        visibility: 'everyone',
      });
    process.env.STRAVA_SYNC_PAGE_SIZE = '10';
    const deps = await testDeps({ clock: clock.now });
    const userId = newUserId();
    const queue: Sent[] = [];
    setLocalImportQueue(async (body, delaySeconds) => {
      queue.push({ message: ImportMessage.parse(JSON.parse(body)), delaySeconds, attempt: 1 });
    });
    await connectAs(sim, userId, MAYA, deps);
    const job = await startImportJob(userId, 'strava', 'import', clock.now());
    const message = queue.shift()!.message as Extract<ImportMessage, { type: 'job' }>;
    const importers = { strava: async () => stravaImporter(deps) };

    expect(await runImportJob(message, { importers })).toBe('waiting');
    const waiting = (await getImportJob(userId, 'strava', 'import'))!.job;
    expect(waiting).toMatchObject({ id: job.id, status: 'waiting', reason: 'rate_limit_15min' });
    expect(Date.parse(waiting.waitingUntil!)).toBeGreaterThan(clock.now().getTime());
    expect(queue).toHaveLength(1);
    expect(queue[0]!.delaySeconds).toBeGreaterThan(0);

    // Delivered early (SQS gives no exact guarantee): it re-enqueues itself and calls nobody.
    sim.control.clearRequests();
    queue.shift();
    expect(await runImportJob(message, { importers })).toBe('waiting');
    expect(sim.control.requests()).toHaveLength(0);
  });
});

describe('the day where the backfill window meets the import window', () => {
  /** The athlete the simulator seeds without activities. */
  const EMPTY = SEEDED_ATHLETE_IDS.at(-1)!;
  const localDate = (ms: number) => localTimeIn(DEFAULT_TIME_ZONE)(ms).date;

  /** Activities around the instant the windows meet (30 days before the connection), all on that one local day. */
  async function athleteAtTheBoundary() {
    const clock = manualClock(START);
    const sim = await startStrava({ clock: clock.now });
    sims.push(sim);
    const boundary = Date.parse(START) - 30 * DAY_MS;
    const day = localDate(boundary);
    // START is five minutes past a quarter hour, so a minute either side stays on the same local day.
    const offset = [60, 30, 5, 1]
      .map((m) => m * 60_000)
      .find((ms) => localDate(boundary - ms) === day && localDate(boundary + ms) === day)!;
    const add = (startMs: number, minutes: number) =>
      sim.control.addActivity(EMPTY, {
        sport: 'Run',
        startDate: new Date(startMs),
        visibility: 'everyone',
        overrides: { moving_time: minutes * 60 },
      });
    add(boundary - offset, 20); // backfill only: before the window
    add(boundary, 15); // the window's first second: Strava's `after` leaves it out, so it is the backfill's
    add(boundary + offset, 40); // the import's
    add(boundary - 2 * DAY_MS, 10); // an older day: backfill only
    add(Date.parse(START) - 3_600_000, 30); // today: the import's
    const deps = await testDeps({ clock: clock.now, recalculateMetrics: recalculateMetricsAfterSync });
    const userId = newUserId();
    const queue: Sent[] = [];
    setLocalImportQueue(async (body, delaySeconds) => {
      queue.push({ message: ImportMessage.parse(JSON.parse(body)), delaySeconds, attempt: 1 });
    });
    const backfill = async () => {
      await startImportJob(userId, 'strava', 'backfill', clock.now());
      const log: { outcome: string; kind: string }[] = [];
      await drain(queue, deps, clock, log);
      expect(log.at(-1)).toEqual({ outcome: 'done', kind: 'backfill' });
    };
    const dayOf = async () => (await listDailyAggregates(userId)).find((d) => d.date === day);
    const totalSessions = async () => (await listDailyAggregates(userId)).reduce((sum, d) => sum + d.sessions, 0);
    return { sim, clock, deps, userId, day, backfill, dayOf, totalSessions };
  }

  it('counts both parts of that day, the import first, however often either reruns, and nothing twice', async () => {
    const { sim, deps, userId, clock, backfill, dayOf, totalSessions } = await athleteAtTheBoundary();
    await connectAs(sim, userId, EMPTY, deps);
    expect(await dayOf()).toMatchObject({ sessions: 1, minutes: 40 });

    await backfill();
    expect(await dayOf()).toMatchObject({ sessions: 3, minutes: 75 });
    expect(await totalSessions()).toBe(5);

    // The raw records re-aggregated (the daily refresh, a full recompute) and the backfill run again: still the same.
    await syncStrava(userId, deps, 'window');
    await recalculateUserMetrics(userId, clock.now());
    await backfill();
    await recalculateUserMetrics(userId, clock.now());
    expect(await dayOf()).toMatchObject({ sessions: 3, minutes: 75 });
    expect(await totalSessions()).toBe(5);
  }, 60_000);

  it('counts both parts of that day when the backfill ran before the import', async () => {
    const { sim, deps, userId, backfill, dayOf, totalSessions } = await athleteAtTheBoundary();
    // Connect's own import fails; the backfill runs, then the import.
    sim.control.failNext(1, { status: 404 }, { pathPrefix: '/api/v3/athlete/activities' });
    expect((await connectAs(sim, userId, EMPTY, deps)).sync).toBeNull();
    await backfill();
    expect(await dayOf()).toMatchObject({ sessions: 2, minutes: 35 });

    await syncStrava(userId, deps);
    expect(await dayOf()).toMatchObject({ sessions: 3, minutes: 75 });
    await syncStrava(userId, deps, 'window');
    expect(await dayOf()).toMatchObject({ sessions: 3, minutes: 75 });
    expect(await totalSessions()).toBe(5);
  }, 60_000);
});
