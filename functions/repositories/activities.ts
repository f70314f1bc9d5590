import { DeleteCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import { retentionExpiresAt } from '../domain/retention';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { UnifiedActivity, type ProviderType } from '../shared/schemas/activity';
import { batchGetAll, batchWriteAll } from './batch';
import { keys } from './keys';

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
    entity: 'UnifiedActivity',
    ...activity,
    raw_data: raw,
    fetchedAt: activity.fetched_at,
    expiresAt: retentionExpiresAt(fetchedAt),
  };
}

/**
 * Idempotent upsert: the key is user + provider + provider activity id, so a re-sync overwrites instead of
 * duplicating. Returns how many were new and how many were already stored.
 */
export async function upsertActivities(items: readonly ActivityToStore[]): Promise<{ imported: number; updated: number }> {
  if (items.length === 0) return { imported: 0, updated: 0 };
  const unique = new Map(items.map((item) => [`${item.activity.provider_type}#${item.activity.provider_activity_id}#${item.activity.user_id}`, item]));
  const keyList = [...unique.values()].map(({ activity }) => keys.activity(activity.user_id, activity.provider_type, activity.provider_activity_id));
  const existing = await batchGetAll(table(), keyList, 'pk, sk');
  await batchWriteAll(table(), [...unique.values()].map((item) => ({ PutRequest: { Item: toItem(item) } })));
  return { imported: unique.size - existing.length, updated: existing.length };
}

export async function deleteActivity(userId: string, provider: ProviderType, providerActivityId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.activity(userId, provider, providerActivityId) }));
}

/** Deletes every activity of the user from one provider; returns how many. */
export async function deleteActivitiesOfUser(userId: string, provider: ProviderType): Promise<number> {
  const { pk, skPrefix } = keys.activitiesOfUser(userId, provider);
  const found: Record<string, unknown>[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    { TableName: table(), ProjectionExpression: 'pk, sk', KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } },
  );
  for await (const page of pages) found.push(...((page.Items ?? []) as Record<string, unknown>[]));
  await batchWriteAll(table(), found.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
  return found.length;
}

/** All of the user's activities as the API shows them (raw provider data stripped), in no particular order. */
export async function activitiesOfUser(userId: string): Promise<UnifiedActivity[]> {
  const { pk, skPrefix } = keys.activitiesOfUser(userId);
  const activities: UnifiedActivity[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    { TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } },
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
