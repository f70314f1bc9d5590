import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { ImportMessage, setLocalImportQueue } from '../../../functions/lib/import-queue';
import { exerciseActivityId } from '../../../functions/domain/google-health';
import { activitiesOfUser } from '../../../functions/repositories/activities';
import { getMetrics } from '../../../functions/repositories/metrics';
import type { ProviderType } from '../../../functions/shared/schemas/activity';
import { getAnalysis } from '../../../functions/usecases/analysis';
import { connectionDeps } from '../../../functions/usecases/providers/registry';
import { disconnectProvider } from '../../../functions/usecases/connections';
import { googleImporter } from '../../../functions/usecases/import-jobs/google-importer';
import type { ImporterFactory } from '../../../functions/usecases/import-jobs/importer';
import { startImportJob, startJobsAfterConnect } from '../../../functions/usecases/import-jobs/jobs';
import { runImportJob } from '../../../functions/usecases/import-jobs/run-job';
import { stravaImporter } from '../../../functions/usecases/import-jobs/strava-importer';
import { recalculateAfterImport } from '../../../functions/usecases/metrics';
import type { GoogleSimulator } from '../../../infra/local/simulators/google';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import * as google from '../google/helpers';
import * as strava from '../strava/helpers';

/*
 * Consent ends while work for it is under way: a disconnect lands at every page boundary of the connect's own import,
 * the history backfill and a daily refresh, either awaited before the page is handed over or running alongside the
 * job's next steps (as a person's click does), and sometimes followed at once by a reconnect to another account.
 * Afterwards nothing of the ended connection is shown or stored, and the old jobs' late writes never land in the new one.
 */

const DAY_MS = 86_400_000;
const PAGE_SIZE = 5;

let stravaSim: StravaSimulator;
let googleSim: GoogleSimulator;

beforeAll(async () => {
  stravaSim = await strava.startStrava();
  // Enough in the 30-day window for several import pages, and enough before it for three backfill pages of 200.
  const now = Date.now();
  for (let i = 0; i < 12; i++)
    stravaSim.control.addActivity(strava.MAYA, {
      sport: 'Run',
      startDate: new Date(now - 3_600_000 - i * 2 * DAY_MS),
      visibility: 'everyone',
    });
  for (let i = 0; i < 420; i++)
    stravaSim.control.addActivity(strava.MAYA, {
      sport: 'Hike',
      startDate: new Date(now - 31 * DAY_MS - i * 18 * 3_600_000),
      visibility: 'everyone',
    });
  googleSim = await google.startGoogle();
  process.env.STRAVA_SYNC_PAGE_SIZE = String(PAGE_SIZE);
});
afterAll(async () => {
  delete process.env.STRAVA_SYNC_PAGE_SIZE;
  await stravaSim.stop();
  await googleSim.stop();
});
afterEach(() => setLocalImportQueue(null));

interface Ending {
  /** The data request (1-based, over the whole journey) whose answer the disconnect lands on. */
  boundary: number;
  /** Awaited before the page is handed to the importer, or running alongside the job's next steps. */
  awaited: boolean;
  /** Connect again at once, to another account of the provider. */
  reconnect: boolean;
}

interface Journey {
  provider: ProviderType;
  /** Connects `account` with deps whose data requests call `onData` when answered; returns what connect answered. */
  connect(userId: string, account: 'first' | 'second', onData: () => Promise<void>): Promise<{ sync: unknown }>;
  importers(onData: () => Promise<void>): Promise<Partial<Record<ProviderType, ImporterFactory>>>;
  disconnect(userId: string): Promise<void>;
  /** Provider activity ids of the first account (none may stay once its connection ended). */
  firstAccountIds(): Set<string>;
}

/** A fetch that runs `onData` once a data request (not OAuth) has been answered, before the caller sees the answer. */
function watching(isData: (url: string) => boolean, onData: () => Promise<void>): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (isData(String(input instanceof Request ? input.url : input))) await onData();
    return response;
  };
}

const stravaJourney: Journey = {
  provider: 'strava',
  async connect(userId, account, onData) {
    const deps = await stravaDepsWatching(onData);
    return strava.connectAs(stravaSim, userId, account === 'first' ? strava.MAYA : strava.LIAM, deps);
  },
  async importers(onData) {
    const deps = await stravaDepsWatching(onData);
    return { strava: async () => stravaImporter(deps) };
  },
  async disconnect(userId) {
    const deps = await strava.testDeps();
    await disconnectProvider(userId, 'strava', deps.clock(), connectionDeps({ strava: async () => deps }));
  },
  firstAccountIds: () => new Set(stravaSim.control.activities(strava.MAYA).map((a) => String(a.id))),
};

function stravaDepsWatching(onData: () => Promise<void>) {
  return strava.testDeps({
    fetch: watching((url) => url.includes('/athlete/activities'), onData),
    recalculateMetrics: recalculateAfterImport('strava'),
  });
}

const googleJourney: Journey = {
  provider: 'google_health',
  async connect(userId, account, onData) {
    const deps = await googleDepsWatching(onData);
    return google.connectAs(googleSim, userId, account === 'first' ? google.AVERY : google.JORDAN, deps);
  },
  async importers(onData) {
    const deps = await googleDepsWatching(onData);
    return { google_health: async () => googleImporter(deps) };
  },
  async disconnect(userId) {
    const deps = await google.testDeps();
    await disconnectProvider(
      userId,
      'google_health',
      deps.clock(),
      connectionDeps({ google_health: async () => deps }),
    );
  },
  // Day summaries are keyed by date alone; the first account's exercises are what tells its data apart.
  firstAccountIds: () => new Set(googleSim.control.exercises(google.AVERY).map((e) => exerciseActivityId(e.id))),
};

function googleDepsWatching(onData: () => Promise<void>) {
  return google.testDeps({
    fetch: watching((url) => url.includes('/dataPoints'), onData),
    recalculateMetrics: recalculateAfterImport('google_health'),
  });
}

async function userItems(table: 'activities' | 'users' | 'connections', userId: string) {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(table),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `USER#${userId}` },
      ConsistentRead: true,
    }),
  );
  return result.Items ?? [];
}

/** Connect, the connect's import, the backfill after it and a daily refresh, with consent ending on the way. */
async function live(journey: Journey, ending: Ending): Promise<void> {
  const userId = strava.newUserId();
  const queue: ImportMessage[] = [];
  setLocalImportQueue(async (body) => {
    queue.push(ImportMessage.parse(JSON.parse(body)));
  });
  let seen = 0;
  let ended: Promise<void> | null = null;
  const endConsent = async () => {
    await journey.disconnect(userId);
    if (ending.reconnect) await journey.connect(userId, 'second', async () => undefined);
  };
  const onData = async () => {
    if (++seen !== ending.boundary) return;
    ended = endConsent();
    if (ending.awaited) await ended;
    else ended.catch(() => undefined);
  };

  const ignoreEnded = (promise: Promise<unknown>) => promise.catch(() => null);
  // The first connection's work only: once consent has ended the test starts nothing more itself, so whatever
  // reaches a reconnected account can only come from the old jobs.
  const connected = (await ignoreEnded(journey.connect(userId, 'first', onData))) as { sync: unknown } | null;
  if (connected && !ended)
    await ignoreEnded(startJobsAfterConnect(userId, journey.provider, connected.sync as null, new Date()));
  const importers = await journey.importers(onData);
  let refreshed = false;
  for (let step = 0; step < 50 && queue.length > 0; step++) {
    const message = queue.shift()!;
    if (message.type === 'job') await ignoreEnded(runImportJob(message, { importers, attempt: 5, maxAttempts: 5 }));
    // The daily refresh, once the backfill has had its turn.
    if (queue.length === 0 && !refreshed && !ended) {
      refreshed = true;
      await ignoreEnded(startImportJob(userId, journey.provider, 'import', new Date(), { window: 'recent' }));
    }
  }
  // A boundary past the last request: consent ends once everything has run.
  if (!ended) ended = endConsent();
  await ended;

  const firstIds = journey.firstAccountIds();
  const held = await activitiesOfUser(userId);
  const stored = [
    ...(await userItems('activities', userId)),
    ...(await userItems('users', userId)),
    ...(await userItems('connections', userId)),
  ];
  if (!ending.reconnect) {
    // Dashboard, analysis and list show nothing of the provider…
    expect(held.filter((a) => a.provider_type === journey.provider)).toEqual([]);
    const analysis = await getAnalysis(userId, 'all', new Date());
    expect(analysis.totals).toMatchObject({ sessions: 0, minutes: 0, steps: 0 });
    const metrics = await getMetrics(userId);
    expect(metrics ? [metrics.weeklyMinutes, metrics.weeklySessions, metrics.weeklySteps] : [0, 0, 0]).toEqual([
      0, 0, 0,
    ]);
    // …and nothing of it is stored: no activity, no daily part, no job, no cursor, no tokens.
    const left = stored.filter(
      (item) =>
        item.provider_type === journey.provider ||
        item.provider === journey.provider ||
        String(item.sk).startsWith(`JOB#${journey.provider}#`),
    );
    // The connection item stays as the record of the connection: inactive, with no tokens and no cursor.
    expect(left.filter((item) => item.entity !== 'HealthConnection').map((item) => item.sk)).toEqual([]);
    for (const item of left) {
      expect(item.is_active).toBe(false);
      expect(item).not.toHaveProperty('sync_cursor');
      expect(item).not.toHaveProperty('accessTokenEnc');
    }
  } else {
    // The new connection holds only what its own connect imported: nothing of the first account, no backfill
    // (none was started for it), and no cursor left by the old jobs.
    expect(held.filter((a) => firstIds.has(a.provider_activity_id))).toEqual([]);
    expect(stored.filter((item) => item.backfilled === true && item.provider === journey.provider)).toEqual([]);
    const connection = stored.find((item) => item.entity === 'HealthConnection' && item.provider === journey.provider);
    expect(connection?.is_active).toBe(true);
    expect(connection).not.toHaveProperty('sync_cursor');
    const jobs = stored.filter((item) => String(item.sk).startsWith(`JOB#${journey.provider}#`));
    expect(jobs.map((item) => item.generation)).toEqual(jobs.map(() => connection?.generation));
  }
}

/**
 * Every boundary once with the disconnect awaited, every other one with it running alongside the job, every third with
 * a reconnect at once, then random mixes of boundary, timing and reconnect (a whole journey per run: CI's time).
 */
function endings(lastBoundary: number) {
  const every = Array.from({ length: lastBoundary }, (_, i) => i + 1);
  return {
    examples: [
      ...every.map((boundary): [Ending] => [{ boundary, awaited: true, reconnect: false }]),
      ...every
        .filter((boundary) => boundary % 2 === 0)
        .map((boundary): [Ending] => [{ boundary, awaited: false, reconnect: false }]),
      ...every
        .filter((boundary) => boundary % 3 === 1)
        .map((boundary): [Ending] => [{ boundary, awaited: boundary % 2 === 0, reconnect: true }]),
    ],
    arbitrary: fc.record({
      boundary: fc.integer({ min: 1, max: lastBoundary }),
      awaited: fc.boolean(),
      reconnect: fc.boolean(),
    }),
  };
}

describe.each([
  // The connect's import (3 pages and the empty one), the backfill (3 pages of 200 and the empty one), the refresh.
  { journey: stravaJourney, lastBoundary: 14 },
  // The connect's import (a steps roll-up and a page of exercises), the backfill (12 pages of 30 days, the same
  // 2 requests each), the refresh.
  { journey: googleJourney, lastBoundary: 29 },
])('consent ends during $journey.provider work', ({ journey, lastBoundary }) => {
  it('stops every import, backfill and refresh at its next step, leaving nothing of the connection behind', async () => {
    const { examples, arbitrary } = endings(lastBoundary);
    await fc.assert(
      fc.asyncProperty(arbitrary, (ending) => live(journey, ending)),
      { examples, numRuns: examples.length + 3, endOnFailure: true },
    );
  }, 900_000);
});
