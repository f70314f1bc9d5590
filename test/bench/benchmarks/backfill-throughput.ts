/**
 * backfill-throughput: activities per second through the real Strava history backfill job (simulator
 * pages of 200 over the year before the 30-day window → mapping → day totals saved with the cursor after every
 * page → daily aggregates → metrics) for a 5,000-activity history, and whether any activity went uncounted.
 * Floor: reading the same pages from the simulator alone (the provider's share), in the same run.
 */
import { performance } from 'node:perf_hooks';
import { setLocalImportQueue } from '../../../functions/lib/import-queue';
import { getImportJob } from '../../../functions/repositories/import-jobs';
import { listProviderDailyAggregates } from '../../../functions/repositories/metrics';
import { withStravaAccess } from '../../../functions/usecases/strava-access';
import { connectStrava, createAuthorizeUrl } from '../../../functions/usecases/strava-connect';
import { stravaDeps } from '../../../functions/usecases/strava-deps';
import { startImportJob } from '../../../functions/usecases/import-jobs/jobs';
import { runImportJob } from '../../../functions/usecases/import-jobs/run-job';
import { BACKFILL_PAGE_SIZE, stravaImporter } from '../../../functions/usecases/import-jobs/strava-importer';
import { SEEDED_ATHLETE_IDS } from '../../../infra/local/simulators/strava';
import { consentAs, isolatedLimiter, newUserId, startStrava } from '../../functions/strava/helpers';
import { benchResult, type Benchmark } from '../types';

const HISTORY = 5000;
const DAY_MS = 86_400_000;

const benchmark: Benchmark = {
  name: 'backfill-throughput',
  description:
    'Strava year backfill job of a 5,000-activity history (pages of 200) into daily aggregates vs reading the same pages',
  async run(ctx) {
    await ctx.dynamo();
    const sim = await startStrava();
    const sent: string[] = [];
    setLocalImportQueue(async (body) => {
      sent.push(body);
    });
    try {
      // The athlete seeded without activities gets 5,000 activities between 31 and 360 days ago.
      const athleteId = SEEDED_ATHLETE_IDS.at(-1)!;
      const now = Date.now();
      for (let i = 0; i < HISTORY; i++)
        sim.control.addActivity(athleteId, {
          startDate: new Date(now - 31 * DAY_MS - (i * 329 * DAY_MS) / HISTORY),
          sport: 'Run',
        });

      const deps = await stravaDeps({ limiter: isolatedLimiter() });
      const userId = newUserId();
      const { url } = await createAuthorizeUrl(userId, deps);
      await connectStrava(userId, await consentAs(sim, url, athleteId), deps);
      const job = await startImportJob(userId, 'strava', 'backfill', new Date());

      ctx.log(`backfilling ${HISTORY} activities…`);
      const started = performance.now();
      const outcome = await runImportJob(
        { type: 'job', userId, provider: 'strava', kind: 'backfill', jobId: job.id },
        { importers: { strava: async () => stravaImporter(deps) }, budgetMs: 600_000 },
      );
      const seconds = (performance.now() - started) / 1000;
      const done = (await getImportJob(userId, 'strava', 'backfill'))!.job;
      const counted = (await listProviderDailyAggregates(userId, { provider: 'strava' }))
        .filter((part) => part.backfilled)
        .reduce((sum, part) => sum + part.sessions, 0);
      if (outcome !== 'done' || done.counts.fetched !== HISTORY)
        throw new Error(`backfill ${outcome}: fetched ${done.counts.fetched} of ${HISTORY}`);

      const after = Math.floor((now - 365 * DAY_MS) / 1000);
      const before = Math.floor((now - 30 * DAY_MS) / 1000);
      const floorStarted = performance.now();
      for (let page = 1; ; page++) {
        const raw = await withStravaAccess(userId, deps, (token) =>
          deps.strava.listActivities(userId, token, { after, before, page, perPage: BACKFILL_PAGE_SIZE }),
        );
        if (raw.length === 0) break;
      }
      const floorSeconds = (performance.now() - floorStarted) / 1000;

      return [
        // The issue sets no target. Ours, from a measurement: 744/s against a 1,450/s floor (0.51x) on 24 Nov 2026,
        // on the 2-core VM at load average ~15 (about seven engineers' tests beside it). At 500/s a 5,000-activity
        // year takes 10 s, leaving room for that machine's noise.
        benchResult({
          name: 'backfill-throughput',
          value: Math.round(HISTORY / seconds),
          unit: 'activities/s',
          floor: Math.round(HISTORY / floorSeconds),
          goal: { atLeast: 500 },
        }),
        benchResult({
          name: 'backfill-uncounted-activities',
          value: HISTORY - counted,
          unit: 'activities',
          floor: 0,
          goal: { atMost: 0 },
        }),
      ];
    } finally {
      setLocalImportQueue(null);
      await sim.stop();
    }
  },
};

export default benchmark;
