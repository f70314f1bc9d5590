import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { batchGetAll, batchWriteAll } from './batch';
import { tripContactKeys } from './keys';

/**
 * social table: what a trip plan's filer may mail, and the contacts' stop links.
 *
 * | item | pk | sk | gsi1pk / gsi1sk |
 * |---|---|---|---|
 * | daily counters (`plans`, `newContacts`; TTL) | `USER#<filer>` | `TRIP_ALLOWANCE#<day>` | — |
 * | address named before | `USER#<filer>` | `TRIP_CONTACT#<address hash>` | — |
 * | "I don't know this person" | `USER#<filer>` | `TRIP_REFUSED#<address hash>` | — |
 * | stop link (SHA-256 of the token; TTL) | `TRIPSTOP#<hash>` | `TRIPSTOP` | `TRIP_SENDER#<filer>` / `TRIPSTOP#<hash>` |
 *
 * Everything about a filer sits in their partition or their gsi1 partition, so account deletion removes it.
 * "Never email me" is the email suppression list (functions/repositories/email.ts), which every send honours.
 */
const table = () => tableName('social');
const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);
/** A day's counters outlive the day by a day (the day is British Columbia's; the TTL is loose anyway). */
const ALLOWANCE_LIFETIME_S = 2 * 86_400;

export type AllowanceOutcome = 'taken' | 'plans_exhausted' | 'contacts_exhausted';

/**
 * Counts one plan and `newContacts` new addresses against the filer's day, in one conditional update: either both
 * fit under their limits and both are counted, or nothing is counted.
 */
export async function takeTripAllowance(
  userId: string,
  day: string,
  newContacts: number,
  limits: { plans: number; newContacts: number },
  now: Date,
): Promise<AllowanceOutcome> {
  const key = tripContactKeys.dailyAllowance(userId, day);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'SET entity = :entity, expiresAt = :ttl ADD plans :one, newContacts :n',
        ConditionExpression:
          '(attribute_not_exists(plans) OR plans < :planLimit) AND (attribute_not_exists(newContacts) OR newContacts <= :contactRoom)',
        ExpressionAttributeValues: {
          ':entity': 'TripAllowance',
          ':ttl': epochSeconds(now) + ALLOWANCE_LIFETIME_S,
          ':one': 1,
          ':n': newContacts,
          ':planLimit': limits.plans,
          ':contactRoom': limits.newContacts - newContacts,
        },
      }),
    );
    return 'taken';
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const item = (await dynamo().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
    return Number(item?.plans ?? 0) >= limits.plans ? 'plans_exhausted' : 'contacts_exhausted';
  }
}

/** Gives back what takeTripAllowance counted, when the plan it counted was not filed after all. */
export async function returnTripAllowance(userId: string, day: string, newContacts: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: tripContactKeys.dailyAllowance(userId, day),
      UpdateExpression: 'ADD plans :minusOne, newContacts :minusN',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':minusOne': -1, ':minusN': -newContacts },
    }),
  );
}

/** Of these address hashes, the ones the filer has named before. */
export async function knownContactHashes(userId: string, addressHashes: readonly string[]): Promise<Set<string>> {
  const items = await batchGetAll(
    table(),
    addressHashes.map((hash) => tripContactKeys.knownContact(userId, hash)),
  );
  return new Set(items.map((item) => String(item.addressHash)));
}

export async function rememberContacts(userId: string, addressHashes: readonly string[], now: Date): Promise<void> {
  await batchWriteAll(
    table(),
    addressHashes.map((hash) => ({
      PutRequest: {
        Item: {
          ...tripContactKeys.knownContact(userId, hash),
          entity: 'TripKnownContact',
          addressHash: hash,
          at: now.toISOString(),
        },
      },
    })),
  );
}

/** Of these address hashes, the ones that said "I don't know this person" about the filer. */
export async function refusingContactHashes(userId: string, addressHashes: readonly string[]): Promise<Set<string>> {
  const items = await batchGetAll(
    table(),
    addressHashes.map((hash) => tripContactKeys.refusedBy(userId, hash)),
  );
  return new Set(items.map((item) => String(item.addressHash)));
}

export async function refuseSender(userId: string, addressHash: string, now: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...tripContactKeys.refusedBy(userId, addressHash),
        entity: 'TripRefusedSender',
        addressHash,
        at: now.toISOString(),
      },
    }),
  );
}

export interface StopLink {
  senderId: string;
  address: string;
}

export async function putStopLinks(
  links: readonly (StopLink & { tokenHash: string })[],
  expiresAt: Date,
): Promise<void> {
  await batchWriteAll(
    table(),
    links.map((link) => ({
      PutRequest: {
        Item: {
          ...tripContactKeys.stopLink(link.tokenHash),
          ...tripContactKeys.stopLinkOfSender(link.senderId, link.tokenHash),
          entity: 'TripStopLink',
          senderId: link.senderId,
          address: link.address,
          expiresAt: epochSeconds(expiresAt),
        },
      },
    })),
  );
}

/** The stop link, unless it is unknown or past its TTL (which DynamoDB may apply days late). */
export async function getStopLink(tokenHash: string, now: Date): Promise<StopLink | null> {
  const item = (
    await dynamo().send(
      new GetCommand({ TableName: table(), Key: tripContactKeys.stopLink(tokenHash), ConsistentRead: true }),
    )
  ).Item;
  if (!item || Number(item.expiresAt) <= epochSeconds(now)) return null;
  return { senderId: String(item.senderId), address: String(item.address) };
}

/** Account deletion: the filer's stop links (the rest of what this file keeps is in their partition). */
export async function deleteStopLinksOf(userId: string): Promise<number> {
  let removed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': tripContactKeys.senderPartition(userId) },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      await dynamo().send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk } }));
      removed += 1;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return removed;
}
