/**
 * file-import-route: summaries per second through the real file import use case (dedup against what the person
 * holds, idempotent batch write, metrics recalculation) for a 5,000-outing archive in batches of 500, on DynamoDB
 * Local. Floor: a bare BatchWriteItem of the same stored items, 25 at a time, in the same run; the ratio is printed.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { batchWriteAll } from '../../../functions/repositories/batch';
import { FILE_IMPORT_BATCH_MAX, type FileActivitySummary } from '../../../functions/shared/schemas/file-import';
import { importFileBatch } from '../../../functions/usecases/file-imports';
import { benchResult, type Benchmark } from '../types';

const OUTINGS = 5000;
const HOUR_MS = 3_600_000;
const TYPES = ['run', 'ride', 'hike', 'walk'] as const;

function archive(now: number): FileActivitySummary[] {
  return Array.from({ length: OUTINGS }, (_, i) => ({
    activity_type: TYPES[i % TYPES.length]!,
    // One a day or so over the last years, never two within dedup's reach.
    start_time: new Date(now - (i + 1) * 17 * HOUR_MS).toISOString(),
    utc_offset_minutes: null,
    duration_seconds: 1800 + (i % 90) * 60,
    moving_seconds: null,
    distance_meters: 5000 + i,
    elevation_gain_meters: i % 3 === 0 ? 120 : null,
    calories_burned: null,
    heart_rate_avg: i % 2 === 0 ? 140 : null,
  }));
}

const benchmark: Benchmark = {
  name: 'file-import-route',
  description:
    'a 5,000-outing file import in batches of 500 through the use case vs a bare BatchWriteItem of the items',
  async run(ctx) {
    await ctx.dynamo();
    const userId = `bench-file-${randomUUID()}`;
    const importId = randomUUID();
    const now = new Date();
    const outings = archive(now.getTime());
    ctx.log(`importing ${OUTINGS} summaries…`);
    let stored = 0;
    const started = performance.now();
    for (let index = 0; index * FILE_IMPORT_BATCH_MAX < OUTINGS; index++) {
      const result = await importFileBatch(
        userId,
        {
          import_id: importId,
          batch_index: index,
          file_name: 'bench.zip',
          kind: 'garmin_archive',
          activities: outings.slice(index * FILE_IMPORT_BATCH_MAX, (index + 1) * FILE_IMPORT_BATCH_MAX),
          daily_steps: [],
        },
        now,
      );
      stored += result.new;
    }
    const seconds = (performance.now() - started) / 1000;
    if (stored !== OUTINGS) throw new Error(`stored ${stored} of ${OUTINGS} summaries`);

    const items = await storedItems(userId);
    const copies = items.map((item) => ({ PutRequest: { Item: { ...item, pk: `BENCH#${String(item.pk)}` } } }));
    const floorStarted = performance.now();
    await batchWriteAll(tableName('activities'), copies);
    const floorSeconds = (performance.now() - floorStarted) / 1000;

    const throughput = Math.round(OUTINGS / seconds);
    const floor = Math.round(items.length / floorSeconds);
    return [
      benchResult({ name: 'file-import-route', value: throughput, unit: 'summaries/s', floor, goal: null }),
      benchResult({
        name: 'file-import-route-share-of-floor',
        value: Math.round((throughput / floor) * 100) / 100,
        unit: 'x floor',
        floor: 1,
        goal: null,
      }),
    ];
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

export default benchmark;
