import { GetCommand, paginateQuery, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { DEFAULT_PROFILE_SETTINGS, ProfileSettings } from '../shared/schemas/profile';
import type { TableId } from '../shared/tables';
import { batchGetAll, batchWriteAll } from './batch';
import { keys, userIdOfPartition } from './keys';

export interface UserProfileRecord {
  userId: string;
  email: string;
  createdAt: string;
  /** The editable profile; DEFAULT_PROFILE_SETTINGS until the user saves their own. */
  settings: ProfileSettings;
}

/**
 * Creates the profile on first sight and returns it; later calls keep the first createdAt
 * and refresh the email (it can change in Cognito).
 */
export async function ensureUserProfile(userId: string, email: string, now: Date): Promise<UserProfileRecord> {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: keys.userProfile(userId),
      UpdateExpression:
        'SET createdAt = if_not_exists(createdAt, :now), email = :email, userId = :userId, entity = :entity',
      ExpressionAttributeValues: {
        ':now': now.toISOString(),
        ':email': email,
        ':userId': userId,
        ':entity': 'UserProfile',
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem(result.Attributes ?? {});
}

/** The stored profile, or null before the user's first visit. */
export async function getUserProfile(userId: string): Promise<UserProfileRecord | null> {
  const result = await dynamo().send(new GetCommand({ TableName: tableName('users'), Key: keys.userProfile(userId) }));
  return result.Item ? fromItem(result.Item) : null;
}

/**
 * The display names users chose in their profile. With a `fallback`, everyone asked for is in the map (those without
 * a name as `fallback`); without one, users without a name are missing from it.
 */
export async function displayNamesOf(userIds: readonly string[], fallback?: string): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  const names = new Map<string, string>(fallback === undefined ? [] : unique.map((id) => [id, fallback]));
  if (unique.length === 0) return names;
  const items = await batchGetAll(
    tableName('users'),
    unique.map((id) => keys.userProfile(id)),
    'pk, userId, settings, displayName',
  );
  for (const item of items) {
    const name = typeof item.displayName === 'string' ? item.displayName : settingsOf(item).displayName;
    if (typeof name === 'string' && name.trim() !== '')
      names.set(String(item.userId ?? userIdOfPartition(String(item.pk))), name.trim());
  }
  return names;
}

/** The settings map of a raw profile item (a top-level field of the same name, where an item has one, is read first). */
const settingsOf = (item: Record<string, unknown>) => (item.settings ?? {}) as Record<string, unknown>;

/** The home area from the user's profile, if they set one. */
export async function homeAreaOf(userId: string): Promise<string | null> {
  const result = await dynamo().send(new GetCommand({ TableName: tableName('users'), Key: keys.userProfile(userId) }));
  const item = result.Item ?? {};
  const area = typeof item.homeArea === 'string' ? item.homeArea : settingsOf(item).homeArea;
  return typeof area === 'string' ? area : null;
}

/** Replaces the user's settings (creating the profile if this is the first call) and returns the profile. */
export async function saveProfileSettings(
  userId: string,
  email: string,
  settings: ProfileSettings,
  now: Date,
): Promise<UserProfileRecord> {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: keys.userProfile(userId),
      UpdateExpression:
        'SET createdAt = if_not_exists(createdAt, :now), email = :email, userId = :userId, entity = :entity, settings = :settings, settingsUpdatedAt = :now',
      ExpressionAttributeValues: {
        ':now': now.toISOString(),
        ':email': email,
        ':userId': userId,
        ':entity': 'UserProfile',
        ':settings': settings,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem(result.Attributes ?? {});
}

function fromItem(item: Record<string, unknown>): UserProfileRecord {
  return {
    userId: String(item.userId),
    email: String(item.email),
    createdAt: String(item.createdAt),
    settings: settingsFrom(item),
  };
}

/** Stored settings, filled in with the defaults for anything missing; unreadable ones fall back to the defaults. */
function settingsFrom(item: Record<string, unknown>): ProfileSettings {
  const stored = item.settings;
  if (stored === undefined) return DEFAULT_PROFILE_SETTINGS;
  const parsed =
    typeof stored === 'object' && stored !== null
      ? ProfileSettings.safeParse({ ...DEFAULT_PROFILE_SETTINGS, ...stored })
      : null;
  if (parsed?.success) return parsed.data;
  logger.warn('stored profile settings unreadable; using defaults', { userId: item.userId });
  return DEFAULT_PROFILE_SETTINGS;
}

/** The partition key under which every table keeps what belongs to one user. */
export const userPartition = (userId: string) => keys.userProfile(userId).pk;

/** How many items `table` holds under the user's partition. */
export async function countUserPartition(table: TableId, userId: string): Promise<number> {
  let count = 0;
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: tableName(table),
      Select: 'COUNT',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': userPartition(userId) },
    },
  );
  for await (const page of pages) count += page.Count ?? 0;
  return count;
}

/** Every item in `table` under the user's partition (pk USER#<id>), whatever its kind: what a data export reads. */
export async function userPartitionItems(
  table: TableId,
  userId: string,
  options: { keysOnly?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: tableName(table),
      ...(options.keysOnly ? { ProjectionExpression: 'pk, sk' } : {}),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': userPartition(userId) },
    },
  );
  for await (const page of pages) items.push(...(page.Items ?? []));
  return items;
}

/**
 * Account deletion: deletes every item in `table` under the user's partition (pk USER#<id>), whatever its
 * kind, so item kinds added later are covered too. Returns how many were deleted.
 */
export async function deleteUserPartition(table: TableId, userId: string): Promise<number> {
  const found = await userPartitionItems(table, userId, { keysOnly: true });
  await batchWriteAll(
    tableName(table),
    found.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
  );
  return found.length;
}

/**
 * Account deletion: deletes the items of `table` that sit elsewhere but are indexed under the user's
 * partition in gsi1 (e.g. pending OAuth states, keyed by nonce). Returns how many were deleted.
 */
export async function deleteUserIndexedItems(table: TableId, userId: string): Promise<number> {
  const TableName = tableName(table);
  const found: Record<string, unknown>[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': userPartition(userId) },
    },
  );
  for await (const page of pages)
    for (const item of page.Items ?? []) if (item.pk !== userPartition(userId)) found.push(item);
  await batchWriteAll(
    TableName,
    found.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
  );
  return found.length;
}
