import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf, localMidnightMs, shiftDate, syncWindow } from '../../../functions/domain/google-health-time';
import { ImportMessage, setLocalImportQueue } from '../../../functions/lib/import-queue';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getConnection } from '../../../functions/repositories/connections';
import { getImportJob } from '../../../functions/repositories/import-jobs';
import { listProviderDailyAggregates } from '../../../functions/repositories/metrics';
import { GOOGLE_BACKFILL_DAYS, googleImporter } from '../../../functions/usecases/import-jobs/google-importer';
import { startJobsAfterConnect } from '../../../functions/usecases/import-jobs/jobs';
import { runImportJob } from '../../../functions/usecases/import-jobs/run-job';
import type { GoogleSimulator } from '../../../infra/local/simulators/google';
import { manualClock } from '../../local/simulators/strava/helpers';
import { AVERY, connectAs, newUserId, SAM, startGoogle, testDeps, type TestDeps } from '../google/helpers';

const ZONE = 'America/Vancouver';
const SYNC_DAYS = 30;

let sim: GoogleSimulator;
beforeAll(async () => {
  sim = await startGoogle();
});
afterAll(async () => {
  await sim.stop();
});
afterEach(() => setLocalImportQueue(null));

interface Sent {
  message: ImportMessage;
  attempt: number;
}

/** One SQS worker: messages in order, a throw redelivers the message (up to five deliveries). */
async function drain(queue: Sent[], deps: TestDeps, budgetMs?: number): Promise<string[]> {
  const log: string[] = [];
  for (let step = 0; queue.length > 0 && step < 100; step++) {
    const next = queue.shift()!;
    if (next.message.type !== 'job') continue;
    try {
      log.push(
        await runImportJob(next.message, {
          importers: { google_health: async () => googleImporter(deps) },
          attempt: next.attempt,
          maxAttempts: 5,
          budgetMs,
        }),
      );
    } catch {
      log.push('crashed');
      queue.push({ ...next, attempt: next.attempt + 1 });
    }
  }
  return log;
}

/** Connects `sub` (the 30-day import runs in the request) and queues what the connect route queues: the backfill. */
async function connectWithQueue(deps: TestDeps, sub: string) {
  const userId = newUserId();
  const queue: Sent[] = [];
  setLocalImportQueue(async (body) => {
    queue.push({ message: ImportMessage.parse(JSON.parse(body)), attempt: 1 });
  });
  const { sync } = await connectAs(sim, userId, sub, deps);
  await startJobsAfterConnect(userId, 'google_health', sync, deps.clock());
  const connectedAt = new Date((await getConnection(userId, 'google_health', null))!.connectedAt);
  const importStart = syncWindow(connectedAt, ZONE, SYNC_DAYS).firstDate;
  return { userId, queue, importStart, firstDate: shiftDate(importStart, -(GOOGLE_BACKFILL_DAYS - SYNC_DAYS)) };
}

/** The simulator's data between two local dates: exercises (by their civil start), and step days above 1000 without one. */
function expectedHistory(sub: string, firstDate: string, endDate: string) {
  const sessions = sim.control.exercises(sub).filter((e) => {
    const date = localDateOf(e.startMs, ZONE);
    return date >= firstDate && date < endDate;
  });
  const workoutDates = new Set(sessions.map((e) => localDateOf(e.startMs, ZONE)));
  const stepDays = sim.control
    .dailyTotals(sub)
    .filter((d) => d.date >= firstDate && d.date < endDate && d.steps > 1000 && !workoutDates.has(d.date));
  return { sessions, stepDays };
}

/** One steps roll-up per backfill page: the count of pages asked of Google. */
const aggregateCalls = () => sim.control.requestCount({ method: 'POST', path: /dataPoints:dailyRollUp$/ });

describe('the Google Health history backfill', () => {
  it('folds the year before the 30-day window into the daily aggregates only, old months included', async () => {
    const deps = await testDeps();
    const { userId, queue, importStart, firstDate } = await connectWithQueue(deps, AVERY);
    expect(queue.map((sent) => sent.message)).toEqual([
      expect.objectContaining({ type: 'job', provider: 'google_health', kind: 'backfill' }),
    ]);
    const stored = (await activitiesOfUser(userId)).length;

    expect(await drain(queue, deps)).toEqual(['done']);

    const job = (await getImportJob(userId, 'google_health', 'backfill'))!.job;
    expect(job).toMatchObject({ status: 'done', error: null });
    const parts = (await listProviderDailyAggregates(userId, { provider: 'google_health' })).filter(
      (part) => part.backfilled === true,
    );
    const { sessions, stepDays } = expectedHistory(AVERY, firstDate, importStart);
    expect(sessions.length).toBeGreaterThan(20);
    expect(parts.reduce((sum, part) => sum + part.sessions, 0)).toBe(sessions.length);
    expect(stepDays.every((day) => parts.some((part) => part.date === day.date && part.steps >= day.steps))).toBe(true);
    expect(job.result!.days).toBe(parts.length);
    // Old months are there: the oldest day is about a year back, and a step day 300 days back has Google's total.
    expect(parts.map((part) => part.date).sort()[0]! <= shiftDate(importStart, -300)).toBe(true);
    const old = stepDays.find((day) => day.date <= shiftDate(importStart, -250))!;
    expect(parts.find((part) => part.date === old.date)).toMatchObject({ steps: old.steps });
    expect(parts.every((part) => part.date >= firstDate && part.date < importStart)).toBe(true);
    // No raw record past the window was stored: the activities are the import's alone.
    expect(await activitiesOfUser(userId)).toHaveLength(stored);
    const windowStartMs = localMidnightMs(importStart, ZONE);
    expect((await activitiesOfUser(userId)).every((a) => Date.parse(a.start_time) >= windowStartMs)).toBe(true);
  }, 60_000);

  it('reads every page of 25 exercises for each 30-day page of a busy account (600+ exercises in its history)', async () => {
    const deps = await testDeps();
    const { userId, queue, importStart, firstDate } = await connectWithQueue(deps, SAM);
    const pagesBefore = sim.control.requestCount({ path: '/v4/users/me/dataTypes/exercise/dataPoints', status: 200 });
    expect(await drain(queue, deps)).toEqual(['done']);
    const { sessions } = expectedHistory(SAM, firstDate, importStart);
    expect(sessions.length).toBeGreaterThan(500);
    const parts = (await listProviderDailyAggregates(userId, { provider: 'google_health' })).filter(
      (part) => part.backfilled === true,
    );
    expect(parts.reduce((sum, part) => sum + part.sessions, 0)).toBe(sessions.length);
    const pagesRead =
      sim.control.requestCount({ path: '/v4/users/me/dataTypes/exercise/dataPoints', status: 200 }) - pagesBefore;
    expect(pagesRead).toBeGreaterThanOrEqual(Math.ceil(sessions.length / 25));
  }, 60_000);

  it('resumes from its cursor after the worker is killed mid-backfill and after each spent run budget', async () => {
    // Killed once, right after Google answered the backfill's 4th roll-up (before that page was saved).
    let aggregates = 0;
    let armed = false;
    const dyingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (armed && String(input).includes('dataPoints:dailyRollUp') && ++aggregates === 4)
        throw new Error('worker killed');
      return response;
    };
    const deps = await testDeps({ fetch: dyingFetch });
    const { userId, queue, importStart, firstDate } = await connectWithQueue(deps, AVERY);
    armed = true;
    const before = aggregateCalls();

    // A zero budget: every run reads one page, saves where it is and re-enqueues itself.
    const log = await drain(queue, deps, 0);

    const pages = Math.ceil((GOOGLE_BACKFILL_DAYS - SYNC_DAYS) / 30);
    expect(log.filter((outcome) => outcome === 'crashed')).toHaveLength(1);
    expect(log.filter((outcome) => outcome === 'continued')).toHaveLength(pages - 1);
    expect(log.at(-1)).toBe('done');
    // Resumed, not restarted: every page read once, plus the one lost with the crash.
    expect(aggregateCalls() - before).toBe(pages + 1);

    const job = (await getImportJob(userId, 'google_health', 'backfill'))!.job;
    expect(job).toMatchObject({ status: 'done', counts: { pages } });
    const parts = (await listProviderDailyAggregates(userId, { provider: 'google_health' })).filter(
      (part) => part.backfilled === true,
    );
    // No page was counted twice.
    const { sessions, stepDays } = expectedHistory(AVERY, firstDate, importStart);
    expect(parts.reduce((sum, part) => sum + part.sessions, 0)).toBe(sessions.length);
    expect(stepDays.every((day) => parts.some((part) => part.date === day.date && part.steps >= day.steps))).toBe(true);
  }, 60_000);

  it("waits out Google's quota when it answers 429, sends nothing before, and resumes at the page it stopped at", async () => {
    const clock = manualClock(new Date().toISOString());
    const deps = await testDeps({ clock: clock.now });
    const { userId, queue } = await connectWithQueue(deps, AVERY);
    const before = aggregateCalls();
    const importers = { google_health: async () => googleImporter(deps) };
    const first = queue.shift()!.message as Extract<ImportMessage, { type: 'job' }>;

    // Page 1, then Google refuses page 2 for ten minutes.
    expect(await runImportJob(first, { importers, budgetMs: 0 })).toBe('continued');
    google429(600);
    expect(await runImportJob(first, { importers, budgetMs: 0 })).toBe('waiting');
    const waiting = (await getImportJob(userId, 'google_health', 'backfill'))!.job;
    // Google has no 15-minute window: the screen says when it tries again.
    expect(waiting).toMatchObject({ status: 'waiting', reason: 'retry', counts: { pages: 1 } });
    expect(Date.parse(waiting.waitingUntil!)).toBe(clock.now().getTime() + 600_000);

    // Delivered early: it sends nothing.
    const calls = aggregateCalls();
    expect(await runImportJob(first, { importers })).toBe('waiting');
    expect(aggregateCalls()).toBe(calls);

    clock.advance(600_000);
    expect(await runImportJob(first, { importers })).toBe('done');
    const pages = Math.ceil((GOOGLE_BACKFILL_DAYS - SYNC_DAYS) / 30);
    // Every page once, plus the refused one: resumed at page 2, not restarted.
    expect(aggregateCalls() - before).toBe(pages + 1);
    expect((await getImportJob(userId, 'google_health', 'backfill'))!.job).toMatchObject({
      status: 'done',
      counts: { pages },
    });
  }, 60_000);
});

function google429(retryAfterSeconds: number) {
  sim.control.failNext(
    1,
    { status: 429, retryAfterSeconds },
    { pathPrefix: '/v4/users/me/dataTypes/steps/dataPoints:dailyRollUp' },
  );
}
