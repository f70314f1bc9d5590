import { describe, expect, it } from 'vitest';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getConnection } from '../../../functions/repositories/connections';
import { syncStrava } from '../../../functions/usecases/strava-sync';
import type { PageOrder, StravaSimulator } from '../../../infra/local/simulators/strava';
import { manualClock } from '../../local/simulators/strava/helpers';
import { connectAs, MAYA, newUserId, startStrava, testDeps } from './helpers';
import { quarterHourStart, useStravaSyncFixture } from './sync-fixture';

const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;
const START = quarterHourStart();
const PER_PAGE = 100;
const ADDED = 1_500;
/** Strava's read limit per 15 minutes, well below the ~17 pages the window needs. */
const FIFTEEN_MIN_LIMIT = 4;

const sims = useStravaSyncFixture(PER_PAGE);

/** A simulator on a manual clock with short-lived tokens, a small 15-minute limit and 1,500 extra activities in the 30-day window. */
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
  for (let i = 0; i < ADDED; i++)
    sim.control.addActivity(MAYA, {
      sport: 'Run',
      name: `Run ${i}`,
      startDate: new Date(now - 3_600_000 - i * 27 * 60_000),
      visibility: 'everyone',
    });
  const windowStart = now - 30 * DAY_MS;
  const expected = sim.control
    .activities(MAYA)
    .filter(
      (a) => a.visibility !== 'only_me' && Date.parse(a.start_date) > windowStart && Date.parse(a.start_date) <= now,
    )
    .map((a) => String(a.id));
  return { sim, clock, expected };
}

const listCalls = (sim: StravaSimulator) =>
  sim.control.requests().filter((r) => r.path === '/api/v3/athlete/activities');

describe.each<PageOrder>(['oldest-first', 'newest-first'])(
  'an import of a busy 30-day window, pages %s',
  (pageOrder) => {
    it('stores every activity exactly once, resumes after a crash and each used-up window, and never sends a request into a used-up window', async () => {
      const { sim, clock, expected } = await busyAthlete(pageOrder);
      expect(expected.length).toBeGreaterThan(ADDED);
      const pagesNeeded = Math.ceil(expected.length / PER_PAGE);

      // The worker dies once, mid-import, right after Strava served page 6 (before it was stored).
      let served = 0;
      let killed = false;
      const dyingFetch: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (String(input).includes('/athlete/activities')) served += 1;
        if (served === 6 && !killed) {
          killed = true;
          throw new Error('worker killed');
        }
        return response;
      };
      const deps = await testDeps({ clock: clock.now, fetch: dyingFetch });
      const userId = newUserId();

      const connected = await connectAs(sim, userId, MAYA, deps);
      expect(connected.sync).toBeNull(); // the first run stopped at the used-up window
      const cursorAfterFirstRun = (await getConnection(userId, 'strava', null))!.syncCursor!;
      expect(cursorAfterFirstRun.nextPage).toBe(FIFTEEN_MIN_LIMIT + 1);
      expect((await getConnection(userId, 'strava', null))!.lastSyncAt).toBeNull();

      let runs = 1;
      let result = null;
      while (!result && runs < 30) {
        clock.advance(QUARTER_MS);
        runs += 1;
        try {
          result = await syncStrava(userId, deps);
        } catch (error) {
          expect((error as { status?: number }).status).toBeOneOf([429, 503]);
        }
      }
      expect(result).toMatchObject({ complete: true, imported: expected.length });

      const stored = await activitiesOfUser(userId);
      const storedIds = stored.map((a) => a.provider_activity_id);
      expect(storedIds).toHaveLength(expected.length);
      expect(new Set(storedIds)).toEqual(new Set(expected));

      // Resumed, not restarted: every page once, the final empty page once, and the page lost with the crash once more.
      expect(listCalls(sim)).toHaveLength(pagesNeeded + 1 + 1);
      // No request was sent into a used-up window: Strava never had to answer 429.
      expect(sim.control.requestCount({ status: 429 })).toBe(0);
      // Short-lived tokens were refreshed along the way.
      expect(sim.control.requestCount({ path: '/oauth/token', method: 'POST' })).toBeGreaterThan(2);
      const connection = (await getConnection(userId, 'strava', null))!;
      expect(connection.syncCursor).toBeNull();
      expect(connection.lastSyncAt).toBe(START);
    }, 120_000);
  },
);

describe('later syncs and the daily refresh', () => {
  it('an incremental sync and the daily window refresh both read every page of their window', async () => {
    const clock = manualClock(START);
    const sim = await startStrava({ clock: clock.now });
    sims.push(sim);
    process.env.STRAVA_SYNC_PAGE_SIZE = '10';
    const deps = await testDeps({ clock: clock.now });
    const userId = newUserId();
    await connectAs(sim, userId, MAYA, deps);
    const before = (await activitiesOfUser(userId)).length;

    clock.advance(DAY_MS);
    const now = clock.now().getTime();
    for (let i = 0; i < 45; i++)
      sim.control.addActivity(MAYA, {
        sport: 'Hike',
        startDate: new Date(now - 60_000 - i * 10 * 60_000),
        visibility: 'everyone',
      });
    const incremental = await syncStrava(userId, deps);
    expect(incremental).toMatchObject({ imported: 45, complete: true });
    expect(await activitiesOfUser(userId)).toHaveLength(before + 45);

    sim.control.clearRequests();
    const refreshed = await syncStrava(userId, deps, 'window');
    const inWindow = (await activitiesOfUser(userId)).filter(
      (a) => Date.parse(a.start_time) > now - 30 * DAY_MS,
    ).length;
    expect(inWindow).toBeGreaterThan(20);
    expect(refreshed).toMatchObject({ imported: 0, updated: inWindow, complete: true });
    expect(listCalls(sim).length).toBe(Math.ceil(inWindow / 10) + 1);
  });

  it('a run that spends its time budget saves its cursor, answers incomplete without moving last_sync_at, and the next run finishes', async () => {
    const clock = manualClock(START);
    const sim = await startStrava({ clock: clock.now });
    sims.push(sim);
    process.env.STRAVA_SYNC_PAGE_SIZE = '2';
    const deps = await testDeps({ clock: clock.now });
    const userId = newUserId();
    const { connection } = await connectAs(sim, userId, MAYA, deps);
    const lastSyncAt = connection.lastSyncAt;
    const total = (await activitiesOfUser(userId)).length;
    expect(total).toBeGreaterThan(4);

    sim.control.clearRequests();
    const partial = await syncStrava(userId, deps, 'window', { budgetMs: 0 });
    expect(partial).toMatchObject({ complete: false, updated: 2 });
    expect((await getConnection(userId, 'strava', null))!.lastSyncAt).toBe(lastSyncAt);
    expect((await getConnection(userId, 'strava', null))!.syncCursor).toMatchObject({ nextPage: 2 });

    const rest = await syncStrava(userId, deps);
    expect(rest).toMatchObject({ complete: true, updated: total });
    expect(listCalls(sim).length).toBe(Math.ceil(total / 2) + 1);
  });
});
