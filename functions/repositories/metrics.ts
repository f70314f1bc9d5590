import { GetCommand, PutCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import type { AggregatableActivity } from '../domain/metrics';
import { isPastRetention } from '../domain/retention';
import { batchWriteAll } from './batch';
import { keys } from './keys';
import { ActivityMetrics, DailyAggregate } from '../shared/schemas/metrics';

/**
 * Metrics and daily aggregates live in the users table under the user's partition:
 * sk METRICS (one item) and sk DAILY#yyyy-mm-dd (one per local day). They are the user's own derived
 * data, not provider data: no fetchedAt and no TTL, so the 7-day purge never touches them.
 */
export const metricsKeys = {
  metrics: (userId: string) => ({ pk: `USER#${userId}`, sk: 'METRICS' }),
  dailyAggregate: (userId: string, date: string) => ({ pk: `USER#${userId}`, sk: `DAILY#${date}` }),
} as const;


export async function saveMetrics(userId: string, metrics: ActivityMetrics): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('users'),
      Item: { ...metricsKeys.metrics(userId), entity: 'ActivityMetrics', userId, ...metrics },
    }),
  );
}

export async function getMetrics(userId: string): Promise<ActivityMetrics | null> {
  const result = await dynamo().send(new GetCommand({ TableName: tableName('users'), Key: metricsKeys.metrics(userId) }));
  return result.Item ? ActivityMetrics.parse(result.Item) : null;
}

/** Writes (overwrites) the given days; days not given are left as they are. */
export async function saveDailyAggregates(userId: string, aggregates: readonly DailyAggregate[]): Promise<void> {
  const TableName = tableName('users');
  const requests = aggregates.map((day) => ({
    PutRequest: { Item: { ...metricsKeys.dailyAggregate(userId, day.date), entity: 'DailyAggregate', userId, ...day } },
  }));
  await batchWriteAll(TableName, requests);
}

/** The user's daily aggregates from `from` (inclusive, 'YYYY-MM-DD') onwards, oldest first; all of them without `from`. */
export async function listDailyAggregates(userId: string, range: { from?: string } = {}): Promise<DailyAggregate[]> {
  const { pk } = metricsKeys.dailyAggregate(userId, '');
  const pages = paginateQuery(
    { client: dynamo() },
    range.from
      ? {
          TableName: tableName('users'),
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          // '~' sorts after every digit, so the upper bound covers every date.
          ExpressionAttributeValues: { ':pk': pk, ':from': `DAILY#${range.from}`, ':to': 'DAILY#~' },
        }
      : {
          TableName: tableName('users'),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': pk, ':prefix': 'DAILY#' },
        },
  );
  const days: DailyAggregate[] = [];
  for await (const page of pages) for (const item of page.Items ?? []) days.push(DailyAggregate.parse(item));
  return days;
}

/** The attributes aggregation reads; everything else (names, routes, the provider's raw record) stays in the table. */
const AGGREGATED_FIELDS = ['provider_type', 'activity_type', 'start_time', 'duration_seconds', 'steps', 'distance_meters', 'calories_burned', 'fetched_at'] as const;

function isAggregatable(item: Record<string, unknown>): item is AggregatableActivity & { fetched_at: string } {
  return (
    typeof item.provider_type === 'string' &&
    typeof item.start_time === 'string' &&
    typeof item.fetched_at === 'string' &&
    typeof item.duration_seconds === 'number' &&
    (typeof item.activity_type === 'string' || item.activity_type === undefined)
  );
}

/**
 * The user's raw activities still within retention, reduced to what daily aggregates need. Reading only
 * these attributes (not the provider's raw record) is what keeps the recompute after each sync cheap.
 */
export async function activitiesForMetrics(userId: string, now: Date): Promise<AggregatableActivity[]> {
  const { pk, skPrefix } = keys.activitiesOfUser(userId);
  const names = Object.fromEntries(AGGREGATED_FIELDS.map((field, index) => [`#f${index}`, field]));
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: tableName('activities'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    },
  );
  const activities: AggregatableActivity[] = [];
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      if (isAggregatable(item) && !isPastRetention(item.fetched_at, now)) activities.push(item);
    }
  }
  return activities;
}

/** The DynamoDB-backed store the metrics use case uses unless told otherwise. */
export const dynamoMetricsStore = { listDailyAggregates, saveMetrics, saveDailyAggregates } as const;
