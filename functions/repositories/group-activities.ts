import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { batchGetAll, deleteItemsByPrefix, writeIfCondition } from './batch';
import { groupActivityKeys } from './keys';
import { displayNamesOf as profileDisplayNamesOf } from './user-profiles';
import { DELETED_ORGANIZER_ID } from '../domain/group-activity';
import { DELETED_USER } from '../shared/schemas/partners';
import { PLAN_TIME_ZONE, type GroupActivityInput, type NearbyArea } from '../shared/schemas/group-activities';
import type { HomeArea as ActivityArea } from '../shared/schemas/profile';

/**
 * social table: group activities.
 *
 * | item | pk | sk | gsi1pk / gsi1sk |
 * |---|---|---|---|
 * | activity | `GACT#<id>` | `META` | `GACT_AREA#<area or elsewhere>` / `<startsAt>#<id>` (removed when cancelled) |
 * | participant (organizer included) | `GACT#<id>` | `MEMBER#<userId>` | `GACT_MINE#<userId>` / `<startsAt>#<id>` |
 * | removal by the organizer (cannot re-join) | `USER#<userId>` | `GACT_REMOVED#<id>` | — |
 *
 * Nearby lists query one area partition from now on; 'my activities' query the user's GACT_MINE partition;
 * the reminder job queries each area partition for the next 24 h. Capacity is one counter on the activity,
 * changed only in a transaction with the participant item, under a condition on the counter.
 */
export interface GroupActivityRecord extends Omit<GroupActivityInput, 'area'> {
  id: string;
  area: ActivityArea | null;
  organizerId: string;
  /** The start as an instant, from `date` + `time` in `timeZone` (the server's schedules and ordering). */
  startsAt: string;
  /** Where `date` and `time` are wall-clock times (America/Vancouver). */
  timeZone: string;
  participantCount: number;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
}

export interface MemberRecord {
  activityId: string;
  userId: string;
  role: 'organizer' | 'participant';
  joinedAt: string;
  remindedAt: string | null;
}

const table = () => tableName('social');
const areaOf = (area: ActivityArea | null): NearbyArea => area ?? 'elsewhere';

const ACTIVITY_FIELDS = [
  'activityType',
  'title',
  'description',
  'date',
  'time',
  'location',
  'area',
  'duration',
  'difficulty',
  'maxParticipants',
  'equipment',
  'notes',
] as const;

function toActivity(item: Record<string, unknown>): GroupActivityRecord {
  return {
    id: String(item.id),
    organizerId: String(item.organizerId),
    activityType: item.activityType as GroupActivityRecord['activityType'],
    title: String(item.title),
    description: String(item.description ?? ''),
    date: String(item.date),
    time: String(item.time),
    startsAt: String(item.startsAt),
    timeZone: typeof item.timeZone === 'string' ? item.timeZone : PLAN_TIME_ZONE,
    location: String(item.location),
    area: (item.area as ActivityArea | null | undefined) ?? null,
    duration: Number(item.duration) as GroupActivityRecord['duration'],
    difficulty: item.difficulty as GroupActivityRecord['difficulty'],
    maxParticipants: Number(item.maxParticipants) as GroupActivityRecord['maxParticipants'],
    equipment: String(item.equipment ?? ''),
    notes: String(item.notes ?? ''),
    participantCount: Number(item.participantCount),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
    cancelledAt: typeof item.cancelledAt === 'string' ? item.cancelledAt : null,
  };
}

function toMember(item: Record<string, unknown>): MemberRecord {
  return {
    activityId: String(item.activityId),
    userId: String(item.userId),
    role: item.role === 'organizer' ? 'organizer' : 'participant',
    joinedAt: String(item.joinedAt),
    remindedAt: typeof item.remindedAt === 'string' ? item.remindedAt : null,
  };
}

function memberItem(
  activity: Pick<GroupActivityRecord, 'id' | 'startsAt'>,
  userId: string,
  role: MemberRecord['role'],
  joinedAt: string,
) {
  return {
    ...groupActivityKeys.member(activity.id, userId),
    ...groupActivityKeys.mine(userId, activity.startsAt, activity.id),
    entity: 'GroupActivityMember',
    activityId: activity.id,
    userId,
    role,
    joinedAt,
  };
}

/** Transaction outcome per item: 'None', 'ConditionalCheckFailed', 'TransactionConflict', … */
function cancellationCodes(error: unknown): string[] | undefined {
  if (
    error instanceof TransactionCanceledException ||
    (error instanceof Error && error.name === 'TransactionCanceledException')
  ) {
    return ((error as TransactionCanceledException).CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
  }
  return undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a transaction; retries while it only lost a race with another transaction on the same items
 * (TransactionConflict), and returns the per-item codes when a condition failed.
 */
export async function transact(
  input: TransactWriteCommandInput,
): Promise<{ ok: true } | { ok: false; codes: string[] }> {
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand(input));
      return { ok: true };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      // Only a failed condition is an answer; anything else (a conflict, no reasons given) is worth another try.
      if (codes.includes('ConditionalCheckFailed')) return { ok: false, codes };
      if (attempt >= 20) throw error;
      await pause(Math.min(500, 10 * 2 ** attempt) * (0.5 + Math.random()));
    }
  }
}

export async function createGroupActivity(activity: GroupActivityRecord): Promise<void> {
  // cancelledAt is absent until cancelled: the join and edit conditions test attribute_not_exists(cancelledAt).
  const { cancelledAt: _absent, ...fields } = activity;
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table(),
            Item: {
              ...groupActivityKeys.activity(activity.id),
              ...groupActivityKeys.byArea(areaOf(activity.area), activity.startsAt, activity.id),
              entity: 'GroupActivity',
              ...fields,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: table(),
            Item: memberItem(activity, activity.organizerId, 'organizer', activity.createdAt),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}

export async function getGroupActivity(id: string): Promise<GroupActivityRecord | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: table(), Key: groupActivityKeys.activity(id), ConsistentRead: true }),
  );
  return result.Item ? toActivity(result.Item) : null;
}

export async function getMember(activityId: string, userId: string): Promise<MemberRecord | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: table(), Key: groupActivityKeys.member(activityId, userId), ConsistentRead: true }),
  );
  return result.Item ? toMember(result.Item) : null;
}

/** Everyone taking part, in the order they joined (an activity has at most 10). */
export async function listMembers(activityId: string): Promise<MemberRecord[]> {
  const { pk, skPrefix } = groupActivityKeys.membersOf(activityId);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []).map(toMember).sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
}

export type JoinOutcome = 'joined' | 'unavailable' | 'already_joined' | 'removed';

/**
 * Takes a seat: one transaction raises the counter only while it is below the maximum (and the activity is
 * neither cancelled nor started) and creates the participant item only if it does not exist yet, unless the
 * organizer removed this person from it.
 */
export async function joinGroupActivity(
  activity: Pick<GroupActivityRecord, 'id' | 'startsAt'>,
  userId: string,
  now: Date,
): Promise<JoinOutcome> {
  const outcome = await transact({
    TransactItems: [
      {
        Update: {
          TableName: table(),
          Key: groupActivityKeys.activity(activity.id),
          UpdateExpression: 'SET participantCount = participantCount + :one',
          ConditionExpression:
            'attribute_exists(pk) AND participantCount < maxParticipants AND attribute_not_exists(cancelledAt) AND startsAt > :now',
          ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString() },
        },
      },
      {
        Put: {
          TableName: table(),
          Item: memberItem(activity, userId, 'participant', now.toISOString()),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        ConditionCheck: {
          TableName: table(),
          Key: groupActivityKeys.removal(activity.id, userId),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
  });
  if (outcome.ok) return 'joined';
  if (outcome.codes[2] === 'ConditionalCheckFailed') return 'removed';
  return outcome.codes[1] === 'ConditionalCheckFailed' ? 'already_joined' : 'unavailable';
}

/** Whether the organizer removed the user from this activity. */
export async function wasRemovedFrom(activityId: string, userId: string): Promise<boolean> {
  const result = await dynamo().send(
    new GetCommand({ TableName: table(), Key: groupActivityKeys.removal(activityId, userId), ConsistentRead: true }),
  );
  return result.Item !== undefined;
}

/** Which of `activityIds` the user was removed from (one batch read). */
export async function removedFromAmong(userId: string, activityIds: readonly string[]): Promise<Set<string>> {
  if (activityIds.length === 0) return new Set();
  const items = await batchGetAll(
    table(),
    activityIds.map((id) => groupActivityKeys.removal(id, userId)),
    'activityId',
  );
  return new Set(items.map((item) => String(item.activityId)));
}

/** Removes the user's removal records (account erasure). */
export async function deleteRemovalRecords(userId: string): Promise<number> {
  const { pk, skPrefix } = groupActivityKeys.removalsOf(userId);
  return (await deleteItemsByPrefix(table(), { pk, prefix: skPrefix })).length;
}

/** A transaction's condition that `userId` takes part in the activity (organizer or participant). */
export function participantCheck(activityId: string, userId: string) {
  return {
    ConditionCheck: {
      TableName: table(),
      Key: groupActivityKeys.member(activityId, userId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

/** A transaction's condition that the activity exists and is not cancelled. */
export function openActivityCheck(activityId: string) {
  return {
    ConditionCheck: {
      TableName: table(),
      Key: groupActivityKeys.activity(activityId),
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(cancelledAt)',
    },
  };
}

/**
 * The transaction items that free a participant's seat: their participant item goes (only a participant's: the
 * organizer cannot leave, they cancel) and the seat counter drops. With `removedBy`, only that organizer may do it,
 * the activity's updatedAt moves, and a removal record keeps the participant from joining again. Items 0 and 1 are
 * the participant item and the counter, for reading a cancelled transaction's reasons.
 */
export function freeSeatItems(activityId: string, userId: string, removedBy?: { organizerId: string; now: Date }) {
  const at = removedBy?.now.toISOString();
  return [
    {
      Delete: {
        TableName: table(),
        Key: groupActivityKeys.member(activityId, userId),
        ConditionExpression: 'attribute_exists(pk) AND #role = :participant',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':participant': 'participant' },
      },
    },
    {
      Update: {
        TableName: table(),
        Key: groupActivityKeys.activity(activityId),
        ...(removedBy
          ? {
              UpdateExpression: 'SET participantCount = participantCount - :one, updatedAt = :now',
              ConditionExpression: 'attribute_exists(pk) AND organizerId = :organizer AND participantCount > :zero',
              ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':organizer': removedBy.organizerId, ':now': at },
            }
          : {
              UpdateExpression: 'SET participantCount = participantCount - :one',
              ConditionExpression: 'attribute_exists(pk) AND participantCount > :zero',
              ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
            }),
      },
    },
    ...(removedBy
      ? [
          {
            Put: {
              TableName: table(),
              Item: {
                ...groupActivityKeys.removal(activityId, userId),
                entity: 'GroupActivityRemoval',
                activityId,
                userId,
                removedAt: at,
              },
            },
          },
        ]
      : []),
  ];
}

/** Frees a participant's seat (the organizer cannot leave: they cancel). False when they were not a participant. */
export async function leaveGroupActivity(activityId: string, userId: string): Promise<boolean> {
  const outcome = await transact({ TransactItems: freeSeatItems(activityId, userId) });
  return outcome.ok;
}

export type UpdateOutcome = { ok: true; activity: GroupActivityRecord } | { ok: false };

/**
 * The organizer's edit. The condition keeps it atomic with joins: it fails when the new maximum is below the
 * people already taking part at that moment, when the caller is not the organizer, or once cancelled.
 */
export async function updateGroupActivity(
  id: string,
  organizerId: string,
  input: GroupActivityInput & { area: ActivityArea | null },
  startsAt: string,
  now: Date,
): Promise<UpdateOutcome> {
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  const sets: string[] = [];
  for (const field of ACTIVITY_FIELDS) {
    names[`#${field}`] = field;
    values[`:${field}`] = input[field];
    sets.push(`#${field} = :${field}`);
  }
  const index = groupActivityKeys.byArea(areaOf(input.area), startsAt, id);
  try {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: groupActivityKeys.activity(id),
        UpdateExpression: `SET ${sets.join(', ')}, startsAt = :startsAt, updatedAt = :now, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk`,
        ConditionExpression:
          'attribute_exists(pk) AND organizerId = :organizer AND attribute_not_exists(cancelledAt) AND participantCount <= :max',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ...values,
          ':startsAt': startsAt,
          ':now': now.toISOString(),
          ':gsi1pk': index.gsi1pk,
          ':gsi1sk': index.gsi1sk,
          ':organizer': organizerId,
          ':max': input.maxParticipants,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { ok: true, activity: toActivity(result.Attributes ?? {}) };
  } catch (error) {
    if (isConditionalCheckFailure(error)) return { ok: false };
    throw error;
  }
}

/** After a new start time: re-sort the participants' 'my activities' entries and let them be reminded again. */
export async function moveMembersTo(activityId: string, startsAt: string, userIds: readonly string[]): Promise<void> {
  await Promise.all(
    userIds.map(async (userId) => {
      const index = groupActivityKeys.mine(userId, startsAt, activityId);
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: table(),
            Key: groupActivityKeys.member(activityId, userId),
            UpdateExpression: 'SET gsi1sk = :sk REMOVE remindedAt',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':sk': index.gsi1sk },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error; // they left meanwhile
      }
    }),
  );
}

/** Marks the activity cancelled and takes it out of the nearby lists (its participants still see it). */
export async function cancelGroupActivity(
  id: string,
  organizerId: string,
  now: Date,
): Promise<GroupActivityRecord | null> {
  try {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: groupActivityKeys.activity(id),
        UpdateExpression: 'SET cancelledAt = :now, updatedAt = :now REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND organizerId = :organizer AND attribute_not_exists(cancelledAt)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':organizer': organizerId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toActivity(result.Attributes ?? {});
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}

export interface Page<T> {
  items: T[];
  /** The last sort key returned, when more may follow. */
  lastSortKey: string | null;
}

/** Upcoming activities of an area, soonest first, from `fromSortKey` (exclusive when `after`). */
export async function listActivitiesByArea(
  area: NearbyArea,
  from: { sortKey: string; after: boolean },
  limit: number,
): Promise<Page<GroupActivityRecord>> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: `gsi1pk = :pk AND gsi1sk ${from.after ? '>' : '>='} :from`,
      ExpressionAttributeValues: { ':pk': groupActivityKeys.areaPartition(area), ':from': from.sortKey },
      Limit: limit,
    }),
  );
  const items = (result.Items ?? []).map(toActivity);
  const last = result.Items?.at(-1);
  return { items, lastSortKey: result.LastEvaluatedKey && last ? String(last.gsi1sk) : null };
}

/** Activities of an area starting in [from, to], all pages (the reminder job's window: one day at most). */
export async function listActivitiesStartingBetween(
  area: NearbyArea,
  from: string,
  to: string,
): Promise<GroupActivityRecord[]> {
  const found: GroupActivityRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        // '~' sorts after the '#<id>' suffix, so activities starting exactly at `to` are included.
        ExpressionAttributeValues: { ':pk': groupActivityKeys.areaPartition(area), ':from': from, ':to': `${to}~` },
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(result.Items ?? []).map(toActivity));
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/** The user's activities (organised and joined) from a start time on, soonest first. */
export async function listMyMemberships(
  userId: string,
  from: { sortKey: string; after: boolean },
  limit: number,
): Promise<Page<MemberRecord>> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: `gsi1pk = :pk AND gsi1sk ${from.after ? '>' : '>='} :from`,
      ExpressionAttributeValues: { ':pk': groupActivityKeys.minePartition(userId), ':from': from.sortKey },
      Limit: limit,
    }),
  );
  const last = result.Items?.at(-1);
  return {
    items: (result.Items ?? []).map(toMember),
    lastSortKey: result.LastEvaluatedKey && last ? String(last.gsi1sk) : null,
  };
}

/** Every activity the user takes part in, past ones included (account erasure). */
export async function listAllMemberships(userId: string): Promise<MemberRecord[]> {
  const found: MemberRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': groupActivityKeys.minePartition(userId) },
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(result.Items ?? []).map(toMember));
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/** Activities by id, in the order asked (missing ones left out). */
export async function getGroupActivities(ids: readonly string[]): Promise<GroupActivityRecord[]> {
  if (ids.length === 0) return [];
  const items = await batchGetAll(
    table(),
    ids.map((id) => groupActivityKeys.activity(id)),
  );
  const byId = new Map(items.map((item) => [String(item.id), toActivity(item)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Which of `activityIds` the user takes part in (one batch read of their participant items). */
export async function activitiesJoinedAmong(userId: string, activityIds: readonly string[]): Promise<Set<string>> {
  if (activityIds.length === 0) return new Set();
  const items = await batchGetAll(
    table(),
    activityIds.map((id) => groupActivityKeys.member(id, userId)),
    'activityId',
  );
  return new Set(items.map((item) => String(item.activityId)));
}

/** Claims a participant's reminder: true exactly once per participant and start time. */
export async function claimReminder(activityId: string, userId: string, now: Date): Promise<boolean> {
  return writeIfCondition(
    new UpdateCommand({
      TableName: table(),
      Key: groupActivityKeys.member(activityId, userId),
      UpdateExpression: 'SET remindedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(remindedAt)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/**
 * Cancels (if still on) and scrubs an activity whose organizer is being erased: their free text goes, the organizer
 * id becomes a neutral marker. Dates, type and seats stay for the participants. Whether the activity was changed.
 */
export async function scrubActivityOfErasedOrganizer(
  id: string,
  organizerId: string,
  marker: string,
  scrubbed: Pick<GroupActivityRecord, 'title' | 'description' | 'location' | 'equipment' | 'notes'>,
  now: Date,
): Promise<GroupActivityRecord | null> {
  try {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: groupActivityKeys.activity(id),
        UpdateExpression:
          'SET cancelledAt = if_not_exists(cancelledAt, :now), updatedAt = :now, organizerId = :marker, title = :title, description = :description, #location = :location, equipment = :equipment, notes = :notes REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND organizerId = :organizer',
        ExpressionAttributeNames: { '#location': 'location' },
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':organizer': organizerId,
          ':marker': marker,
          ':title': scrubbed.title,
          ':description': scrubbed.description,
          ':location': scrubbed.location,
          ':equipment': scrubbed.equipment,
          ':notes': scrubbed.notes,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toActivity(result.Attributes ?? {});
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}

/**
 * Display names for the people of an activity: each user's chosen name (profile repository), `fallback` for anyone
 * without one, and DELETED_USER for the organizer of an activity whose organizer deleted their account.
 */
export async function displayNamesOf(userIds: readonly string[], fallback: string): Promise<Map<string, string>> {
  const names = await profileDisplayNamesOf(
    userIds.filter((id) => id !== DELETED_ORGANIZER_ID),
    fallback,
  );
  if (userIds.includes(DELETED_ORGANIZER_ID)) names.set(DELETED_ORGANIZER_ID, DELETED_USER);
  return names;
}

/**
 * Counts one limited planning action in the user's current window (one atomic add; the item expires with its
 * window): `USER#<userId>` / `PLAN_LIMIT#<action>#<windowStart>`. Returns the count so far.
 */
export async function countPlanAction(
  userId: string,
  action: string,
  windowStart: Date,
  windowEnd: Date,
): Promise<number> {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: groupActivityKeys.planLimit(userId, action, windowStart),
      UpdateExpression: 'SET entity = :entity, expiresAt = if_not_exists(expiresAt, :expiresAt) ADD actions :one',
      ExpressionAttributeValues: {
        ':entity': 'PlanLimitWindow',
        ':expiresAt': Math.ceil(windowEnd.getTime() / 1000) + 3600,
        ':one': 1,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.actions ?? 1);
}

/** Removes the user's limit windows (account erasure). */
export async function deletePlanActionCounts(userId: string): Promise<number> {
  const { pk, skPrefix } = groupActivityKeys.planLimitsOf(userId);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ConsistentRead: true,
    }),
  );
  await Promise.all(
    (result.Items ?? []).map((item) =>
      dynamo().send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk } })),
    ),
  );
  return result.Items?.length ?? 0;
}

/** Removes a participant item as is (erasure of an organizer, whose activity is already cancelled). */
export async function deleteMember(activityId: string, userId: string): Promise<number> {
  const result = await dynamo().send(
    new DeleteCommand({
      TableName: table(),
      Key: groupActivityKeys.member(activityId, userId),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return result.Attributes ? 1 : 0;
}
