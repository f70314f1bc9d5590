import { describe, expect, it } from 'vitest';
import { ImportMessage, setLocalImportQueue } from '../../../functions/lib/import-queue';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getImportJob } from '../../../functions/repositories/import-jobs';
import { startImportJob } from '../../../functions/usecases/import-jobs/jobs';
import { runImportJob, type RunJobOutcome } from '../../../functions/usecases/import-jobs/run-job';
import { stravaImporter } from '../../../functions/usecases/import-jobs/strava-importer';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { manualClock } from '../../local/simulators/strava/helpers';
import { connectAs, LIAM, MAYA, newUserId, startStrava, testDeps, visibleAtStrava, type TestDeps } from './helpers';
import { quarterHourStart, useStravaSyncFixture } from './sync-fixture';

const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;
const START = quarterHourStart();
const PER_PAGE = 5;
/** Strava's read limit per 15 minutes in these tests: each job below needs several times as many calls. */
const READ_FIFTEEN_MIN = 5;

const sims = useStravaSyncFixture(PER_PAGE);

/** Strava answers a little later than at once, so two jobs' calls are on their way at the same time. */
const slowStrava: typeof fetch = async (input, init) => {
  if (String(input).includes('/api/v3/')) await new Promise((resolve) => setTimeout(resolve, 20));
  return fetch(input, init);
};

/** Two athletes of one TrailBuddy app, connected while Strava's limits were roomy, each with 40 more recent runs. */
async function twoAthletes() {
  const clock = manualClock(START);
  const sim = await startStrava({ clock: clock.now });
  sims.push(sim);
  const deps = await testDeps({ clock: clock.now, fetch: slowStrava });
  // What connecting queues (the history backfill) is not what these tests are about.
  setLocalImportQueue(async () => undefined);
  const users = [
    { userId: newUserId(), athleteId: MAYA },
    { userId: newUserId(), athleteId: LIAM },
  ];
  for (const { userId, athleteId } of users) await connectAs(sim, userId, athleteId, deps);
  const now = clock.now().getTime();
  for (const { athleteId } of users)
    for (let i = 0; i < 40; i++)
      sim.control.addActivity(athleteId, {
        sport: 'Run',
        startDate: new Date(now - 3_600_000 - i * 5 * 3_600_000),
        visibility: 'everyone',
      });
  return { sim, clock, deps, users };
}

const inWindow = (sim: StravaSimulator, athleteId: number, nowMs: number) =>
  visibleAtStrava(sim, athleteId)
    .filter((a) => Date.parse(a.start_date) > nowMs - 30 * DAY_MS && Date.parse(a.start_date) <= nowMs)
    .map((a) => String(a.id));

function queueOn(clock: ReturnType<typeof manualClock>) {
  const queue: { message: ImportMessage; dueMs: number }[] = [];
  setLocalImportQueue(async (body, delaySeconds) => {
    queue.push({ message: ImportMessage.parse(JSON.parse(body)), dueMs: clock.now().getTime() + delaySeconds * 1000 });
  });
  return queue;
}

const apiCalls = (sim: StravaSimulator) => sim.control.requests().filter((r) => r.path.startsWith('/api/v3/'));

describe("Strava's two limit pairs", () => {
  it('two import jobs at once, each longer than the 15-minute read limit, wait for each quarter and never draw a 429', async () => {
    const { sim, clock, deps, users } = await twoAthletes();
    // A fresh quarter with Strava's read window tight; the overall pair stays roomy.
    clock.set(
      new Date(Math.floor(clock.now().getTime() / QUARTER_MS) * QUARTER_MS + QUARTER_MS + 60_000).toISOString(),
    );
    sim.control.setLimits({ read: { fifteenMin: READ_FIFTEEN_MIN } });
    sim.control.clearRequests();
    const queue = queueOn(clock);
    const nowMs = clock.now().getTime();
    for (const { userId } of users) await startImportJob(userId, 'strava', 'import', clock.now(), { window: 'recent' });

    const waits: { reason: string | null; waitingUntil: string | null }[] = [];
    const outcomes: RunJobOutcome[] = [];
    for (
      let round = 0;
      round < 40 && queue.some((entry) => entry.message.type === 'job' && entry.message.kind === 'import');
      round++
    ) {
      const ran = await runUntilIdleOnce(queue, deps, clock);
      outcomes.push(...ran);
      for (const { userId } of users) {
        const job = (await getImportJob(userId, 'strava', 'import'))!.job;
        if (job.status === 'waiting') waits.push({ reason: job.reason, waitingUntil: job.waitingUntil });
      }
    }

    for (const { userId, athleteId } of users) {
      expect((await getImportJob(userId, 'strava', 'import'))!.job).toMatchObject({ status: 'done', error: null });
      const stored = new Set((await activitiesOfUser(userId)).map((a) => a.provider_activity_id));
      for (const id of inWindow(sim, athleteId, nowMs)) expect(stored).toContain(id);
    }
    // More calls than one quarter allows…
    expect(apiCalls(sim).length).toBeGreaterThan(2 * READ_FIFTEEN_MIN);
    // …so the jobs parked until a quarter hour began, and Strava never had to refuse one.
    expect(outcomes).toContain('waiting');
    expect(waits.length).toBeGreaterThan(0);
    for (const wait of waits) {
      expect(wait.reason).toBe('rate_limit_15min');
      expect(Date.parse(wait.waitingUntil!) % QUARTER_MS).toBe(0);
    }
    expect(sim.control.requestCount({ status: 429 })).toBe(0);
    const perQuarter = new Map<number, number>();
    for (const call of apiCalls(sim)) {
      const quarter = Math.floor(Date.parse(call.at) / QUARTER_MS);
      perQuarter.set(quarter, (perQuarter.get(quarter) ?? 0) + 1);
    }
    expect(Math.max(...perQuarter.values())).toBeLessThanOrEqual(READ_FIFTEEN_MIN);
    expect(perQuarter.size).toBeGreaterThan(1);
  }, 120_000);

  it('overall usage above the read limit (uploads elsewhere) holds nothing while both pairs have room', async () => {
    const { sim, clock, deps, users } = await twoAthletes();
    clock.set(
      new Date(Math.floor(clock.now().getTime() / QUARTER_MS) * QUARTER_MS + QUARTER_MS + 60_000).toISOString(),
    );
    // Strava's defaults: 200 / 2,000 overall, 100 / 1,000 read. Another client of the app uploaded 150 this quarter.
    sim.control.setLimits({ overall: { fifteenMin: 200, daily: 2000 }, read: { fifteenMin: 100, daily: 1000 } });
    sim.control.setUsage({ overall: { fifteenMin: 150, daily: 150 }, read: { fifteenMin: 0, daily: 0 } });
    sim.control.clearRequests();
    const queue = queueOn(clock);
    const { userId, athleteId } = users[0]!;
    const nowMs = clock.now().getTime();
    await startImportJob(userId, 'strava', 'import', clock.now(), { window: 'recent' });

    const outcomes = await runUntilIdleOnce(queue, deps, clock);

    expect(outcomes).toEqual(['done']);
    const stored = new Set((await activitiesOfUser(userId)).map((a) => a.provider_activity_id));
    for (const id of inWindow(sim, athleteId, nowMs)) expect(stored).toContain(id);
    expect(apiCalls(sim).length).toBeGreaterThan(10);
    expect(sim.control.requestCount({ status: 429 })).toBe(0);
  }, 60_000);
});

/** One round: every message due now (or, when none is, the earliest delayed one and those due with it). */
async function runUntilIdleOnce(
  queue: { message: ImportMessage; dueMs: number }[],
  deps: TestDeps,
  clock: ReturnType<typeof manualClock>,
): Promise<RunJobOutcome[]> {
  const imports = queue.filter((entry) => entry.message.type === 'job' && entry.message.kind === 'import');
  // Backfills that follow a finished import are left queued: they are not what these tests are about.
  queue.splice(0, queue.length, ...queue.filter((entry) => !imports.includes(entry)));
  if (imports.length === 0) return [];
  const nextDue = Math.min(...imports.map((entry) => entry.dueMs));
  if (nextDue > clock.now().getTime()) clock.set(new Date(nextDue).toISOString());
  const due = imports.filter((entry) => entry.dueMs <= clock.now().getTime());
  queue.push(...imports.filter((entry) => !due.includes(entry)));
  return Promise.all(
    due.map(({ message }) =>
      message.type === 'job'
        ? runImportJob(message, { importers: { strava: async () => stravaImporter(deps) } })
        : Promise.resolve<RunJobOutcome>('skipped'),
    ),
  );
}
