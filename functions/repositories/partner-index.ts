import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import type { ActivityLevelLabel } from '../shared/schemas/metrics';
import type {
  AvailabilitySlot,
  DeclaredPaces,
  HomeArea,
  OutdoorActivity,
  ShareableField,
} from '../shared/schemas/profile';
import { ANY_PART as ANY, partnerIndexKeys } from './keys';

/**
 * Partner search index, social table. A discoverable member has:
 * - one index item per (home area, activity): pk PARTNER_IDX#<area>#<activity>, sk USER#<id>,
 *   gsi1pk PARTNER_IDX#*#<activity> (the same activity in every area);
 * - one per home area for 'any activity': pk PARTNER_IDX#<area>#*, gsi1pk PARTNER_IDX#*#* (everyone);
 * - a snapshot, pk USER#<id> / sk PARTNER_PROFILE, listing the index keys written (so a change can
 *   remove the old ones) and carrying a version for optimistic concurrency.
 * So every search is one Query on one partition (table or gsi1), paged; nothing scans all members.
 */
/**
 * What the index holds per member: what they declared on their profile (never metrics, never anything derived from
 * an activity source) and whether they consent to matching on their activity. Items written before declared levels
 * existed also carry `paceBands` computed from every source, Strava included; it is never read.
 */
export interface PartnerListing {
  userId: string;
  displayName: string;
  homeArea: HomeArea;
  activities: OutdoorActivity[];
  availability: AvailabilitySlot[];
  bio: string;
  visibleFields: ShareableField[];
  level: ActivityLevelLabel | null;
  paces: DeclaredPaces;
  useActivityForMatching: boolean;
  updatedAt: string;
}

export interface PartnerSnapshot extends PartnerListing {
  indexKeys: { pk: string; sk: string }[];
  version: number;
}

/** Which partition a search reads: the table's pk, or gsi1 when the location is 'all'. */
export interface IndexPartition {
  index: 'table' | 'gsi1';
  partitionKey: string;
}

export function indexPartition(location: HomeArea | 'all', activity: OutdoorActivity | 'all'): IndexPartition {
  const activityPart = activity === 'all' ? ANY : activity;
  return location === 'all'
    ? { index: 'gsi1', partitionKey: partnerIndexKeys.partition(ANY, activityPart) }
    : { index: 'table', partitionKey: partnerIndexKeys.partition(location, activityPart) };
}

export type IndexKey = Record<'pk' | 'sk', string> & Partial<Record<'gsi1pk' | 'gsi1sk', string>>;

/** A cursor for the start of `partition`: a search resumed from it reads that partition from its first entry. */
export function partitionStart(partition: IndexPartition): IndexKey {
  const sk = partnerIndexKeys.partitionStartSk;
  return partition.index === 'gsi1'
    ? { pk: partition.partitionKey, sk, gsi1pk: partition.partitionKey, gsi1sk: sk }
    : { pk: partition.partitionKey, sk };
}

export function isPartitionStart(key: IndexKey): boolean {
  return key.sk === partnerIndexKeys.partitionStartSk;
}

function listingFrom(item: Record<string, unknown>): PartnerListing {
  return {
    userId: String(item.userId),
    displayName: String(item.displayName),
    homeArea: item.homeArea as HomeArea,
    activities: (item.activities as OutdoorActivity[] | undefined) ?? [],
    availability: (item.availability as AvailabilitySlot[] | undefined) ?? [],
    bio: typeof item.bio === 'string' ? item.bio : '',
    visibleFields: (item.visibleFields as ShareableField[] | undefined) ?? [],
    level: typeof item.level === 'string' ? (item.level as ActivityLevelLabel) : null,
    paces: (item.paces as DeclaredPaces | undefined) ?? {},
    useActivityForMatching: item.useActivityForMatching === true,
    updatedAt: String(item.updatedAt),
  };
}

export async function getPartnerSnapshot(userId: string): Promise<PartnerSnapshot | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName('social'), Key: partnerIndexKeys.snapshot(userId), ConsistentRead: true }),
  );
  if (!result.Item) return null;
  return {
    ...listingFrom(result.Item),
    indexKeys: (result.Item.indexKeys as PartnerSnapshot['indexKeys']) ?? [],
    version: Number(result.Item.version ?? 0),
  };
}

/** The index keys a listing belongs under: every (area, activity) plus (area, any). */
export function indexKeysFor(listing: Pick<PartnerListing, 'userId' | 'homeArea' | 'activities'>) {
  return [...listing.activities, ANY].map((activity) =>
    partnerIndexKeys.entry(listing.homeArea, activity as OutdoorActivity | typeof ANY, listing.userId),
  );
}

/**
 * Replaces the member's index entries in one transaction: removes the ones `previous` listed that are
 * no longer wanted, writes the new ones (listing = null removes them all). The snapshot's version must
 * still be `previous.version`, so two saves racing cannot leave stale entries; false if it moved.
 */
export async function replacePartnerListing(
  userId: string,
  previous: PartnerSnapshot | null,
  listing: PartnerListing | null,
): Promise<boolean> {
  const TableName = tableName('social');
  const wanted = listing ? indexKeysFor(listing) : [];
  const wantedKeys = new Set(wanted.map((key) => `${key.pk}|${key.sk}`));
  const stale = (previous?.indexKeys ?? []).filter((key) => !wantedKeys.has(`${key.pk}|${key.sk}`));
  const snapshotKey = partnerIndexKeys.snapshot(userId);
  const versionCondition = previous
    ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': previous.version } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };

  const items = [
    ...stale.map((Key) => ({ Delete: { TableName, Key } })),
    ...wanted.map((key) => ({ Put: { TableName, Item: { ...key, entity: 'PartnerIndexEntry', ...listing } } })),
    listing
      ? {
          Put: {
            TableName,
            Item: {
              ...snapshotKey,
              entity: 'PartnerSnapshot',
              ...listing,
              indexKeys: wanted.map(({ pk, sk }) => ({ pk, sk })),
              version: (previous?.version ?? 0) + 1,
            },
            ...versionCondition,
          },
        }
      : previous
        ? { Delete: { TableName, Key: snapshotKey, ...versionCondition } }
        : null,
  ].filter((item) => item !== null);
  if (items.length === 0) return true;
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (
      error instanceof Error &&
      (error.name === 'TransactionCanceledException' || error.name === 'TransactionConflictException')
    )
      return false;
    throw error;
  }
}

export interface IndexPage {
  entries: { listing: PartnerListing; key: IndexKey }[];
  lastKey: IndexKey | null;
}

/** One page of a partition, in key order. */
export async function queryIndexPage(
  partition: IndexPartition,
  startKey: IndexKey | null,
  limit: number,
): Promise<IndexPage> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('social'),
      ...(partition.index === 'gsi1'
        ? {
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': partition.partitionKey },
          }
        : { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition.partitionKey } }),
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      Limit: limit,
    }),
  );
  const entries = (result.Items ?? []).map((item) => ({
    listing: listingFrom(item),
    key: {
      pk: String(item.pk),
      sk: String(item.sk),
      ...(partition.index === 'gsi1' ? { gsi1pk: String(item.gsi1pk), gsi1sk: String(item.gsi1sk) } : {}),
    },
  }));
  return { entries, lastKey: (result.LastEvaluatedKey as IndexKey | undefined) ?? null };
}
