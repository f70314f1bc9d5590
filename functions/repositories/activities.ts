import { DeleteCommand, QueryCommand, UpdateCommand, paginateQuery, paginateScan } from '@aws-sdk/lib-dynamodb';
import { retentionExpiresAt } from '../domain/retention';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { UnifiedActivity, type ProviderType } from '../shared/schemas/activity';
import { batchGetAll, batchWriteAll, itemsByPrefix } from './batch';
import { writeFenced, type ConnectionFence } from './connection-fence';
import { ACTIVITY_LIST_ATTRIBUTES, ACTIVITY_ORDER_INDEXES, GSI1 } from '../shared/tables';
import { ACTIVITY_SK_PREFIX, keys } from './keys';

export interface ActivityToStore {
  activity: UnifiedActivity;
  /** The provider's record as received; kept server-side only, purged with the item. */
  raw: unknown;
}

const table = () => tableName('activities');

function toItem({ activity, raw }: ActivityToStore): Record<string, unknown> {
  const fetchedAt = new Date(activity.fetched_at);
  return {
    ...keys.activity(activity.user_id, activity.provider_type, activity.provider_activity_id),
    ...keys.activityByStartTime(activity.user_id, activity.start_time),
    ...keys.activityInOrders(activity),
    entity: 'UnifiedActivity',
    ...activity,
    // One string, not a nested map: it is never queried, and a map of ~60 attributes per item tripled the cost of
    // marshalling and writing an import page (sync-throughput bench).
    raw_data: typeof raw === 'string' ? raw : JSON.stringify(raw),
    fetchedAt: activity.fetched_at,
    expiresAt: retentionExpiresAt(fetchedAt),
  };
}

/**
 * Idempotent upsert: the key is user + provider + provider activity id, so a re-sync overwrites instead of
 * duplicating. Returns how many were new and how many were already stored. An import passes the sort keys it knows
 * are stored (storedActivityKeys, read once per run) and they are kept current; otherwise each call reads them.
 * With a `fence` (an import), every item is written in a transaction with a check of the connection, so nothing lands
 * once it has ended (ConnectionEndedError).
 */
export async function upsertActivities(
  items: readonly ActivityToStore[],
  stored?: Set<string>,
  fence?: ConnectionFence,
): Promise<{ imported: number; updated: number }> {
  if (items.length === 0) return { imported: 0, updated: 0 };
  // One write per key: a page that lists an activity twice stores it once.
  const unique = new Map(
    items.map((item) => {
      const key = keys.activity(item.activity.user_id, item.activity.provider_type, item.activity.provider_activity_id);
      return [`${key.pk}|${key.sk}`, { key, item }];
    }),
  );
  const keyList = [...unique.values()].map(({ key }) => key);
  const existing = stored
    ? keyList.filter(({ sk }) => stored.has(sk)).length
    : (await batchGetAll(table(), keyList, 'pk, sk')).length;
  if (fence)
    await writeFenced(
      [fence],
      [...unique.values()].map(({ item }) => ({ Put: { TableName: table(), Item: toItem(item) } })),
    );
  else
    await batchWriteAll(
      table(),
      [...unique.values()].map(({ item }) => ({ PutRequest: { Item: toItem(item) } })),
    );
  for (const { sk } of keyList) stored?.add(sk);
  return { imported: unique.size - existing, updated: existing };
}

/** With a `fence` (an import), only while the connection is still the one the import reads for. */
export async function deleteActivity(
  userId: string,
  provider: ProviderType,
  providerActivityId: string,
  fence?: ConnectionFence,
): Promise<void> {
  if (fence)
    return writeFenced(
      [fence],
      [{ Delete: { TableName: table(), Key: keys.activity(userId, provider, providerActivityId) } }],
    );
  await dynamo().send(
    new DeleteCommand({ TableName: table(), Key: keys.activity(userId, provider, providerActivityId) }),
  );
}

/**
 * Deletes every activity of the user from one provider; returns how many. The keys are read strongly consistent, so
 * after a disconnect has ended the connection (no fenced write lands after that) this sees every activity written.
 */
export async function deleteActivitiesOfUser(userId: string, provider: ProviderType): Promise<number> {
  const found = await activityKeysOfUser(userId, provider);
  await batchWriteAll(
    table(),
    found.map((key) => ({ DeleteRequest: { Key: key } })),
  );
  return found.length;
}

/** The sort keys of the user's stored activities from one provider (keys only: one small Query, not the items). */
export async function storedActivityKeys(userId: string, provider: ProviderType): Promise<Set<string>> {
  return new Set((await activityKeysOfUser(userId, provider)).map(({ sk }) => String(sk)));
}

async function activityKeysOfUser(userId: string, provider: ProviderType): Promise<{ pk: unknown; sk: unknown }[]> {
  const { pk, skPrefix } = keys.activitiesOfUser(userId, provider);
  const items = await itemsByPrefix(table(), { pk, prefix: skPrefix }, { attributes: ['pk', 'sk'], consistent: true });
  return items.map((item) => ({ pk: item.pk, sk: item.sk }));
}

/** All of the user's activities as the API shows them (raw provider data stripped), in no particular order. */
export async function activitiesOfUser(userId: string): Promise<UnifiedActivity[]> {
  const { pk, skPrefix } = keys.activitiesOfUser(userId);
  const activities: UnifiedActivity[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      // Parsing drops keys, raw_data and bookkeeping (zod strips unknown fields): only the wire shape leaves here.
      const parsed = UnifiedActivity.safeParse(item);
      if (parsed.success) activities.push(parsed.data);
    }
  }
  return activities;
}

/** The fields the activity list shows (the wire shape), read by name so raw_data and bookkeeping never leave the table. */
const LIST_FIELDS = ACTIVITY_LIST_ATTRIBUTES.filter((field) => field !== 'fetchedAt');
/** LIST_FIELDS as expression attribute names (`#f0` → `user_id`, …), for a projection of exactly those fields. */
const LIST_FIELD_NAMES = Object.fromEntries(LIST_FIELDS.map((field, i) => [`#f${i}`, field]));
/** Where a page of an order's index ended: the item's table sort key and its key in that index. */
export interface ActivityPageKey {
  sk: string;
  at: string;
}

export type ActivityOrder = 'date' | keyof typeof ACTIVITY_ORDER_INDEXES;

/** Newest/oldest first reads the start-time index (gsi1); the other orders read their own (ACTIVITY_ORDER_INDEXES). */
const indexOf = (sort: ActivityOrder) => (sort === 'date' ? GSI1 : ACTIVITY_ORDER_INDEXES[sort]);

/**
 * One page of the user's activities in one order, from that order's index: reads stop as soon as the page is full, so
 * the cost follows the page, not the history. Only the list fields are projected. Records fetched before
 * `fetchedSince` (past retention, TTL may lag) are dropped by the query's filter; `keep` drops others (e.g. a type
 * filter that has no stored attribute) while the page is filled. `next` is where the next page starts, or null when
 * nothing follows.
 */
export async function activityPage(
  userId: string,
  options: {
    sort: ActivityOrder;
    order: 'asc' | 'desc';
    limit: number;
    after?: ActivityPageKey;
    fetchedSince: Date;
    keep?: (activity: UnifiedActivity) => boolean;
  },
): Promise<{ activities: UnifiedActivity[]; next: ActivityPageKey | null }> {
  const { gsi1pk } = keys.activityByStartTime(userId, '');
  const { pk } = keys.activitiesOfUser(userId);
  const index = indexOf(options.sort);
  const found: { activity: UnifiedActivity; key: ActivityPageKey }[] = [];
  let startKey: Record<string, unknown> | undefined = options.after
    ? { pk, sk: options.after.sk, gsi1pk, [index.sortKey]: options.after.at }
    : undefined;
  // One more than the page tells whether anything follows, without a second round trip for an exactly full last page.
  while (found.length <= options.limit) {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: index.name,
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: '#fetchedAt >= :since',
        ProjectionExpression: ['sk', '#at', ...Object.keys(LIST_FIELD_NAMES)].join(', '),
        ExpressionAttributeNames: { ...LIST_FIELD_NAMES, '#at': index.sortKey, '#fetchedAt': 'fetchedAt' },
        ExpressionAttributeValues: { ':pk': gsi1pk, ':since': options.fetchedSince.toISOString() },
        ScanIndexForward: options.order === 'asc',
        Limit: options.limit + 1 - found.length,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of result.Items ?? []) {
      const parsed = UnifiedActivity.safeParse(item);
      if (parsed.success && (options.keep?.(parsed.data) ?? true))
        found.push({ activity: parsed.data, key: { sk: String(item.sk), at: String(item[index.sortKey]) } });
    }
    if (!result.LastEvaluatedKey) break;
    startKey = result.LastEvaluatedKey;
  }
  const page = found.slice(0, options.limit);
  return {
    activities: page.map((entry) => entry.activity),
    next: found.length > options.limit ? page[page.length - 1]!.key : null,
  };
}

/**
 * Gives every stored activity that lacks them its order keys (keys.activityInOrders), and returns how many it changed.
 * An activity stored before the order indexes existed is in none of them, so the list sorted by distance, duration or
 * elevation would leave it out. A Scan of the whole table: run once after an upgrade (infra/migrations/add-activity-order-keys.ts)
 * and by the local stack when it has just added an index to a kept activities table.
 */
export async function addMissingActivityOrderKeys(): Promise<number> {
  const orderKeys = Object.values(ACTIVITY_ORDER_INDEXES).map((index) => index.sortKey);
  const missing = Object.fromEntries(orderKeys.map((key, i) => [`#o${i}`, key]));
  const pages = paginateScan(
    { client: dynamo() },
    {
      TableName: table(),
      FilterExpression: `begins_with(sk, :prefix) AND (${Object.keys(missing)
        .map((name) => `attribute_not_exists(${name})`)
        .join(' OR ')})`,
      ProjectionExpression: ['pk', 'sk', ...Object.keys(LIST_FIELD_NAMES)].join(', '),
      ExpressionAttributeNames: { ...LIST_FIELD_NAMES, ...missing },
      ExpressionAttributeValues: { ':prefix': ACTIVITY_SK_PREFIX },
    },
  );
  let changed = 0;
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      const parsed = UnifiedActivity.safeParse(item);
      if (!parsed.success) continue;
      const values = keys.activityInOrders(parsed.data);
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: table(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: `SET ${Object.keys(values)
              .map((_, i) => `#k${i} = :k${i}`)
              .join(', ')}`,
            // An item deleted since the Scan read it stays deleted.
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((key, i) => [`#k${i}`, key])),
            ExpressionAttributeValues: Object.fromEntries(Object.values(values).map((value, i) => [`:k${i}`, value])),
          }),
        );
        changed++;
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    }
  }
  return changed;
}

/**
 * The Garmin credits of a page of the user's Strava activities, read from the items themselves: the list indexes
 * cannot gain the attribute in place (DynamoDB allows no change to an index's projection), so the list reads it here,
 * for Strava's activities only. Keyed by provider activity id; absent (items stored before the credit) means none.
 */
export async function garminDevicesOf(
  userId: string,
  activities: readonly Pick<UnifiedActivity, 'provider_type' | 'provider_activity_id'>[],
): Promise<Map<string, string>> {
  const ids = activities.filter((a) => a.provider_type === 'strava').map((a) => a.provider_activity_id);
  if (ids.length === 0) return new Map();
  const items = await batchGetAll(
    table(),
    ids.map((id) => keys.activity(userId, 'strava', id)),
    'provider_activity_id, garmin_device',
  );
  const devices = new Map<string, string>();
  for (const item of items)
    if (typeof item.garmin_device === 'string' && item.garmin_device.length > 0)
      devices.set(String(item.provider_activity_id), item.garmin_device);
  return devices;
}
