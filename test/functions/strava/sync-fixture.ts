import { afterAll, afterEach, beforeEach } from 'vitest';
import { setLocalImportQueue } from '../../../functions/lib/import-queue';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';

const QUARTER_MS = 15 * 60_000;

/**
 * Five minutes into the current quarter hour, as an ISO time. Near real time on purpose: the shared test database's
 * purge suites delete items whose fetch time looks more than 7 days old.
 */
export function quarterHourStart(now = Date.now()): string {
  return new Date(Math.floor(now / QUARTER_MS) * QUARTER_MS + 5 * 60_000).toISOString();
}

/**
 * A Strava sync test file's set-up: the simulators it starts (push each to the list; all are stopped after the file),
 * STRAVA_SYNC_PAGE_SIZE at `perPage` during each test, and no local import queue left behind a test.
 */
export function useStravaSyncFixture(perPage: number): StravaSimulator[] {
  const sims: StravaSimulator[] = [];
  afterAll(async () => {
    for (const sim of sims) await sim.stop();
  });
  beforeEach(() => {
    process.env.STRAVA_SYNC_PAGE_SIZE = String(perPage);
  });
  afterEach(() => {
    delete process.env.STRAVA_SYNC_PAGE_SIZE;
    setLocalImportQueue(null);
  });
  return sims;
}
