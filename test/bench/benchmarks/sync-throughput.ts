/**
 * sync-throughput: activities per second through the real Strava sync (simulator pages of 200 → zod mapping →
 * idempotent upsert in DynamoDB Local → metrics) for a 2,000-activity history, and whether any was lost.
 * Floor: a raw BatchWriteItem of the same 2,000 stored items, 25 at a time, in the same run.
 */
import { performance } from 'node:perf_hooks';
import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { batchWriteAll } from '../../../functions/repositories/batch';
import { activitiesOfUser, deleteActivitiesOfUser } from '../../../functions/repositories/activities';
import { markSynced } from '../../../functions/repositories/connections';
import { connectStrava, createAuthorizeUrl } from '../../../functions/usecases/strava-connect';
import { syncStrava } from '../../../functions/usecases/strava-sync';
import { stravaDeps } from '../../../functions/usecases/strava-deps';
import { SEEDED_ATHLETE_IDS } from '../../../infra/local/simulators/strava';
import { consentAs, isolatedLimiter, newUserId, startStrava } from '../../functions/strava/helpers';
import { benchResult, type Benchmark } from '../types';

const HISTORY = 2000;
const DAY_MS = 86_400_000;

const benchmark: Benchmark = {
  name: 'sync-throughput',
  description: 'Strava sync of a 2,000-activity history (pages of 200) vs raw BatchWriteItem of the same items',
  async run(ctx) {
    await ctx.dynamo();
    process.env.STRAVA_SYNC_PAGE_SIZE = '200';
    const sim = await startStrava();
    try {
      // The athlete seeded without activities gets a 2,000-activity history over the last 90 days.
      const athleteId = SEEDED_ATHLETE_IDS.at(-1)!;
      const now = Date.now();
      for (let i = 0; i < HISTORY; i++)
        sim.control.addActivity(athleteId, {
          startDate: new Date(now - ((i + 1) * 90 * DAY_MS) / HISTORY),
          sport: 'Run',
        });

      const deps = await stravaDeps({ limiter: isolatedLimiter() });
      const userId = newUserId();
      const { url } = await createAuthorizeUrl(userId, deps);
      await connectStrava(userId, await consentAs(sim, url, athleteId), deps);
      // Start from nothing, with the last sync before the whole history, so one sync pages through all of it.
      await deleteActivitiesOfUser(userId, 'strava');
      await markSynced(userId, 'strava', new Date(now - 100 * DAY_MS));

      ctx.log(`syncing ${HISTORY} activities…`);
      const started = performance.now();
      // No time budget: on a loaded machine the default 20 s would cut the run short and this measures one whole run.
      const result = await syncStrava(userId, deps, 'incremental', { budgetMs: 600_000 });
      const seconds = (performance.now() - started) / 1000;
      const stored = (await activitiesOfUser(userId)).length;
      if (result.imported !== HISTORY || stored !== HISTORY)
        throw new Error(`lost activities: imported ${result.imported}, stored ${stored} of ${HISTORY}`);

      const items = await storedItems(userId);
      const copies = items.map((item) => ({ PutRequest: { Item: { ...item, pk: `BENCH#${String(item.pk)}` } } }));
      const floorStarted = performance.now();
      await batchWriteAll(tableName('activities'), copies);
      const floorSeconds = (performance.now() - floorStarted) / 1000;

      return [
        benchResult({
          name: 'sync-throughput',
          value: round(HISTORY / seconds),
          unit: 'activities/s',
          floor: round(HISTORY / floorSeconds),
          goal: { atLeast: 1000 },
        }),
        benchResult({
          name: 'sync-lost-activities',
          value: HISTORY - stored,
          unit: 'activities',
          floor: 0,
          goal: { atMost: 0 },
        }),
      ];
    } finally {
      await sim.stop();
    }
  },
};

async function storedItems(userId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: tableName('activities'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `USER#${userId}` },
    },
  );
  for await (const page of pages) items.push(...((page.Items ?? []) as Record<string, unknown>[]));
  return items;
}

const round = (value: number) => Math.round(value);

export default benchmark;
