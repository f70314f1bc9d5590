import { GetCommand, PutCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import type { ActivityFacts } from '../domain/matching-facts';
import type { HeldActivity } from '../domain/metrics';
import { combineDailyAggregates } from '../domain/metrics-aggregates';
import { isPastRetention } from '../domain/retention';
import { batchGetAll, batchWriteAll } from './batch';
import { writeFenced, type ConnectionFence } from './connection-fence';
import { metricsKeys, keys } from './keys';
import type { ProviderType } from '../shared/schemas/activity';
import { ActivityMetrics, ProviderDailyAggregate, type DailyAggregate } from '../shared/schemas/metrics';

/**
 * Metrics and daily aggregates live in the users table under the user's partition:
 * sk METRICS (one item) and sk DAILY#yyyy-mm-dd#<provider> (one per local day and provider; a history
 * backfill's part of that day is its own item beside it, metricsKeys.dailyBackfillPart). They are
 * the user's own derived data, not provider data: no fetchedAt attribute and no TTL, so the 7-day purge never
 * touches them. Items of the earlier shape (DAILY#yyyy-mm-dd, no provider) cannot be attributed and are ignored.
 */
export async function saveMetrics(
  userId: string,
  metrics: ActivityMetrics,
  matchingFacts: ActivityFacts | null = null,
  fences?: readonly ConnectionFence[],
): Promise<void> {
  const put = {
    TableName: tableName('users'),
    Item: {
      ...metricsKeys.metrics(userId),
      entity: 'ActivityMetrics',
      userId,
      ...metrics,
      // Beside the metrics (one write, so they never disagree), but not part of them: GET /api/metrics parses
      // ActivityMetrics, which drops this attribute.
      ...(matchingFacts ? { matchingFacts } : {}),
    },
  };
  if (fences) await writeFenced(fences, [{ Put: put }]);
  else await dynamo().send(new PutCommand(put));
}

function activityFactsFrom(value: unknown): ActivityFacts | null {
  if (typeof value !== 'object' || value === null) return null;
  const facts = value as Record<string, unknown>;
  if (typeof facts.activityScore !== 'number' || typeof facts.activityLevelLabel !== 'string') return null;
  return {
    activityScore: facts.activityScore,
    activityLevelLabel: facts.activityLevelLabel as ActivityFacts['activityLevelLabel'],
    preferredHours: Array.isArray(facts.preferredHours)
      ? facts.preferredHours.filter((hour): hour is number => typeof hour === 'number')
      : [],
    paceBands: (facts.paceBands as ActivityFacts['paceBands'] | undefined) ?? {},
  };
}

/**
 * The activity facts matching may use for each member (from their consented sources only, never Strava; see
 * domain/matching-facts.ts). Members without any are missing from the map. Whether consent was given is the
 * caller's to check, from the member's settings.
 */
export async function matchingFactsOf(userIds: readonly string[]): Promise<Map<string, ActivityFacts>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const items = await batchGetAll(
    tableName('users'),
    unique.map((id) => metricsKeys.metrics(id)),
    'userId, matchingFacts',
  );
  const byUser = new Map<string, ActivityFacts>();
  for (const item of items) {
    const facts = activityFactsFrom(item.matchingFacts);
    if (facts) byUser.set(String(item.userId), facts);
  }
  return byUser;
}

export async function getMetrics(userId: string): Promise<ActivityMetrics | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName('users'), Key: metricsKeys.metrics(userId) }),
  );
  return result.Item ? ActivityMetrics.parse(result.Item) : null;
}

/** A raw part's key, or a backfill part's (its own item, so neither overwrites the other). */
function partKey(userId: string, part: Pick<ProviderDailyAggregate, 'date' | 'provider' | 'backfilled'>) {
  return part.backfilled === true
    ? metricsKeys.dailyBackfillPart(userId, part.date, part.provider)
    : metricsKeys.dailyAggregate(userId, part.date, part.provider);
}

/**
 * Writes (overwrites) the given provider parts; parts not given are left as they are. With `fences`, only together
 * with those checks of the connections (connection-fence.ts).
 */
export async function saveProviderDailyAggregates(
  userId: string,
  parts: readonly ProviderDailyAggregate[],
  fences?: readonly ConnectionFence[],
): Promise<void> {
  const requests = parts.map((part) => ({
    PutRequest: {
      Item: {
        ...partKey(userId, part),
        entity: 'DailyAggregate',
        userId,
        ...part,
      },
    },
  }));
  if (fences)
    await writeFenced(
      fences,
      requests.map(({ PutRequest }) => ({ Put: { TableName: tableName('users'), Item: PutRequest.Item } })),
    );
  else await batchWriteAll(tableName('users'), requests);
}

export async function deleteProviderDailyAggregates(
  userId: string,
  parts: readonly Pick<ProviderDailyAggregate, 'date' | 'provider' | 'backfilled'>[],
  fences?: readonly ConnectionFence[],
): Promise<void> {
  if (fences)
    await writeFenced(
      fences,
      parts.map((part) => ({ Delete: { TableName: tableName('users'), Key: partKey(userId, part) } })),
    );
  else
    await batchWriteAll(
      tableName('users'),
      parts.map((part) => ({ DeleteRequest: { Key: partKey(userId, part) } })),
    );
}

/** The user's provider parts from `from` (inclusive, 'YYYY-MM-DD') onwards, oldest first; all of them without `from`. */
export async function listProviderDailyAggregates(
  userId: string,
  range: { from?: string; provider?: ProviderType; consistent?: boolean } = {},
): Promise<ProviderDailyAggregate[]> {
  const { pk, skFrom, skTo } = metricsKeys.dailyAggregatesFrom(userId, range.from);
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: tableName('users'),
      ...(range.consistent && { ConsistentRead: true }),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': skFrom, ':to': skTo },
    },
  );
  const parts: ProviderDailyAggregate[] = [];
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      const parsed = ProviderDailyAggregate.safeParse(item);
      if (parsed.success && (range.provider === undefined || parsed.data.provider === range.provider))
        parts.push(parsed.data);
    }
  }
  return parts;
}

/** The user's days (every provider's part summed) from `from` onwards, oldest first; all of them without `from`. */
export async function listDailyAggregates(userId: string, range: { from?: string } = {}): Promise<DailyAggregate[]> {
  return combineDailyAggregates(await listProviderDailyAggregates(userId, range));
}

/**
 * Removes every stored part of one provider (disconnect, deauthorization); returns how many. Read strongly consistent:
 * after the connection has ended this sees every part written for it.
 */
export async function deleteDailyAggregatesOfProvider(userId: string, provider: ProviderType): Promise<number> {
  const parts = await listProviderDailyAggregates(userId, { provider, consistent: true });
  await deleteProviderDailyAggregates(userId, parts);
  return parts.length;
}

/** The attributes aggregation reads; everything else (names, routes, the provider's raw record) stays in the table. */
const AGGREGATED_FIELDS = [
  'provider_type',
  'activity_type',
  'start_time',
  'duration_seconds',
  'steps',
  'distance_meters',
  'calories_burned',
  'fetched_at',
] as const;

function isAggregatable(item: Record<string, unknown>): item is HeldActivity & { fetched_at: string } {
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
export async function activitiesForMetrics(userId: string, now: Date): Promise<HeldActivity[]> {
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
  const activities: HeldActivity[] = [];
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      if (isAggregatable(item) && !isPastRetention(item.fetched_at, now)) activities.push(item);
    }
  }
  return activities;
}

/** The DynamoDB-backed store the metrics use case uses unless told otherwise. */
export const dynamoMetricsStore = {
  listProviderDailyAggregates,
  saveMetrics,
  saveProviderDailyAggregates,
  deleteProviderDailyAggregates,
} as const;
