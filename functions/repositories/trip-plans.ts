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
import type { TripStage } from '../domain/trip-plan';
import type { TripPlan } from '../shared/schemas/trip-plans';
import { batchGetAll } from './batch';
import { outboxPut, type OutboxMessage } from './email';
import { tripKeys } from './keys';

/**
 * social table: trip plans.
 *
 * | item | pk | sk | gsi1pk / gsi1sk |
 * |---|---|---|---|
 * | plan | `TRIP#<id>` | `META` | `TRIP_DUE` / `<next due ISO>#<id>` (removed when closed or nothing is left to send) |
 * | party member | `TRIP#<id>` | `MEMBER#<userId>` | `TRIP_MINE#<userId>` / `<createdAt>#<id>` |
 * | contact link (SHA-256 of the token only) | `TRIPLINK#<hash>` | `TRIPLINK` | — |
 *
 * The scheduled `trip-plans` job queries TRIP_DUE up to now (a sparse index on due time) and moves each plan to its
 * next stage in one transaction with the emails that stage sends, on condition that the plan is still open and still
 * at the stage and due time it read: a duplicated run or a retried function finds the condition false and sends
 * nothing; a check-in that lands first closes the plan, so the alert's condition fails. A closed plan and its items
 * get a TTL 30 days on.
 */
/** The stored plan: the view's instants (startsAt, returnsAt) are derived from its wall-clock fields, never stored. */
export interface TripPlanRecord extends Omit<TripPlan, 'startsAt' | 'returnsAt'> {
  stage: TripStage;
  /** ISO instant the current stage falls due, or null when nothing is left to send. */
  dueAt: string | null;
  tokenHash: string;
  expiresAt: number | null;
}

const table = () => tableName('social');
const PLAN_FIELDS = [
  'id',
  'ownerId',
  'activityId',
  'trailhead',
  'route',
  'area',
  'startDate',
  'startTime',
  'returnDate',
  'returnTime',
  'timeZone',
  'graceMinutes',
  'vehicle',
  'essentials',
  'contacts',
  'party',
  'status',
  'lateReason',
  'returnMoves',
  'lastCheckIn',
  'overdueAlertsSent',
  'closedAt',
  'createdAt',
  'stage',
  'dueAt',
  'tokenHash',
  'expiresAt',
] as const;

function toPlan(item: Record<string, unknown>): TripPlanRecord {
  const plan = Object.fromEntries(PLAN_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as TripPlanRecord;
  return {
    ...plan,
    vehicle: String(item.vehicle ?? ''),
    essentials: (item.essentials as TripPlan['essentials']) ?? [],
    overdueAlertsSent: Number(item.overdueAlertsSent ?? 0),
    returnMoves: Number(item.returnMoves ?? (item.lateUsed === true ? 1 : 0)),
  };
}

const isExpired = (item: Record<string, unknown>, now: Date) =>
  typeof item.expiresAt === 'number' && item.expiresAt <= now.getTime() / 1000;

function failedConditions(error: unknown): boolean {
  if (
    error instanceof TransactionCanceledException ||
    (error instanceof Error && error.name === 'TransactionCanceledException')
  ) {
    return ((error as TransactionCanceledException).CancellationReasons ?? []).some(
      (r) => r.Code === 'ConditionalCheckFailed',
    );
  }
  return false;
}

/** Runs a transaction; false when a condition failed (another writer got there first). */
async function transact(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<boolean> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (failedConditions(error) || isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

function planItem(plan: TripPlanRecord) {
  const { dueAt, expiresAt, ...rest } = plan;
  return {
    ...tripKeys.plan(plan.id),
    ...(dueAt ? tripKeys.due(dueAt, plan.id) : {}),
    entity: 'TripPlan',
    ...rest,
    lateUsed: rest.returnMoves > 0,
    dueAt,
    ...(expiresAt ? { expiresAt } : {}),
  };
}

/** Files a plan: the plan, one item per party member, the contact link and the contacts' emails, all or nothing. */
/** The plan, its party, its link and its emails in one transaction; `alsoPut` (an idempotency record) commits with them. */
export async function createTripPlan(
  plan: TripPlanRecord,
  emails: readonly OutboxMessage[],
  now: Date,
  alsoPut?: NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Put'],
): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: planItem(plan), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...plan.party.map((m) => ({
          Put: {
            TableName: table(),
            Item: {
              ...tripKeys.member(plan.id, m.userId),
              ...tripKeys.mine(m.userId, plan.createdAt, plan.id),
              entity: 'TripPlanMember',
              planId: plan.id,
              userId: m.userId,
            },
          },
        })),
        {
          Put: {
            TableName: table(),
            Item: { ...tripKeys.link(plan.tokenHash), entity: 'TripPlanLink', planId: plan.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...emails.map((email) => ({ Put: outboxPut(email, now) })),
        ...(alsoPut ? [{ Put: alsoPut }] : []),
      ],
    }),
  );
}

/** The plan, unless it is gone or past its TTL (which DynamoDB may apply days late). */
export async function getTripPlan(id: string, now: Date): Promise<TripPlanRecord | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: table(), Key: tripKeys.plan(id), ConsistentRead: true }),
  );
  return result.Item && !isExpired(result.Item, now) ? toPlan(result.Item) : null;
}

export async function getPlanIdByLink(tokenHash: string): Promise<string | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: table(), Key: tripKeys.link(tokenHash), ConsistentRead: true }),
  );
  return result.Item ? String(result.Item.planId) : null;
}

/** Ids of the plans a user is in, newest first. */
export async function listTripPlanIdsOf(userId: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': tripKeys.minePartition(userId) },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) ids.push(String(item.planId));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

export async function getTripPlans(ids: readonly string[], now: Date): Promise<TripPlanRecord[]> {
  const items = await batchGetAll(
    table(),
    ids.map((id) => tripKeys.plan(id)),
  );
  const byId = new Map(items.filter((item) => !isExpired(item, now)).map((item) => [String(item.id), toPlan(item)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Plans whose current stage is due by `now`, oldest first, page by page until none is left or `enough` says stop
 * (the scheduled job bounds its reading by time). Read from the index: the job re-reads a plan before moving it.
 */
export async function listDueTripPlans(now: Date, enough: (read: number) => boolean): Promise<TripPlanRecord[]> {
  const plans: TripPlanRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :due',
        ExpressionAttributeValues: { ':pk': tripKeys.duePartition(), ':due': `${now.toISOString()}~` },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) plans.push(toPlan(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey && !enough(plans.length));
  return plans;
}

/**
 * Moves an open plan from `from` (due at `seenDueAt`) to `to` (due at `nextDueAt`, or off the index), with the emails
 * that stage sends, in one transaction. False when the plan changed since it was read (closed, moved on, or late).
 */
export async function advanceTripStage(
  plan: Pick<TripPlanRecord, 'id' | 'stage' | 'dueAt'>,
  to: TripStage,
  nextDueAt: string | null,
  alertsSent: number,
  emails: readonly OutboxMessage[],
  now: Date,
): Promise<boolean> {
  const due = nextDueAt ? tripKeys.due(nextDueAt, plan.id) : null;
  return transact([
    {
      Update: {
        TableName: table(),
        Key: tripKeys.plan(plan.id),
        UpdateExpression: due
          ? 'SET stage = :to, dueAt = :next, gsi1pk = :gpk, gsi1sk = :gsk, overdueAlertsSent = :alerts'
          : 'SET stage = :to, dueAt = :next, overdueAlertsSent = :alerts REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#status = :open AND stage = :from AND dueAt = :seen',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': to,
          ':next': nextDueAt,
          ':alerts': alertsSent,
          ':open': 'open',
          ':from': plan.stage,
          ':seen': plan.dueAt,
          ...(due ? { ':gpk': due.gsi1pk, ':gsk': due.gsi1sk } : {}),
        },
      },
    },
    ...emails.map((email) => ({ Put: outboxPut(email, now) })),
  ]);
}

/** "We're back": closes an open plan (off the due index, TTL in 30 days on every item) with the contacts' emails. */
export async function closeTripPlan(
  plan: TripPlanRecord,
  byUserId: string,
  expiresAt: number,
  emails: readonly OutboxMessage[],
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  return transact([
    {
      Update: {
        TableName: table(),
        Key: tripKeys.plan(plan.id),
        UpdateExpression:
          'SET #status = :closed, closedAt = :at, lastCheckIn = :check, expiresAt = :ttl, dueAt = :null REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':closed': 'closed',
          ':open': 'open',
          ':at': at,
          ':check': { at, by: byUserId, kind: 'back' },
          ':ttl': expiresAt,
          ':null': null,
        },
      },
    },
    ...plan.party.map((m) => ({
      Update: {
        TableName: table(),
        Key: tripKeys.member(plan.id, m.userId),
        UpdateExpression: 'SET expiresAt = :ttl',
        ExpressionAttributeValues: { ':ttl': expiresAt },
      },
    })),
    {
      Update: {
        TableName: table(),
        Key: tripKeys.link(plan.tokenHash),
        UpdateExpression: 'SET expiresAt = :ttl',
        ExpressionAttributeValues: { ':ttl': expiresAt },
      },
    },
    ...emails.map((email) => ({ Put: outboxPut(email, now) })),
  ]);
}

/**
 * "Running late": a new expected return (and the stage its clock restarts at) with the contacts' emails, in one
 * transaction, on an open plan still at the stage and number of moves that was read (the scheduled job's move
 * changes the stage or the due time it checks). False when another
 * check-in or the scheduled job got there first.
 */
export async function moveTripReturn(
  plan: TripPlanRecord,
  change: { returnDate: string; returnTime: string; reason: string; stage: TripStage; dueAt: string | null },
  byUserId: string,
  emails: readonly OutboxMessage[],
  now: Date,
): Promise<boolean> {
  const due = change.dueAt ? tripKeys.due(change.dueAt, plan.id) : null;
  return transact([
    {
      Update: {
        TableName: table(),
        Key: tripKeys.plan(plan.id),
        UpdateExpression: `SET returnDate = :date, returnTime = :time, lateReason = :reason, lateUsed = :yes, returnMoves = :moves, lastCheckIn = :check, stage = :to, dueAt = :due, overdueAlertsSent = :zero${due ? ', gsi1pk = :gpk, gsi1sk = :gsk' : ' REMOVE gsi1pk, gsi1sk'}`,
        // Plans filed before the count existed carry only `lateUsed` (one move at most).
        ConditionExpression:
          '#status = :open AND stage = :stage AND (returnMoves = :seen OR (attribute_not_exists(returnMoves) AND lateUsed = :legacy))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':date': change.returnDate,
          ':time': change.returnTime,
          ':reason': change.reason,
          ':check': { at: now.toISOString(), by: byUserId, kind: 'late' },
          ':to': change.stage,
          ':due': change.dueAt,
          ':moves': plan.returnMoves + 1,
          // The alerts count belongs to the clock, which restarts on the new return.
          ':zero': 0,
          ':open': 'open',
          ':yes': true,
          ':stage': plan.stage,
          ':seen': plan.returnMoves,
          ':legacy': plan.returnMoves > 0,
          ...(due ? { ':gpk': due.gsi1pk, ':gsk': due.gsi1sk } : {}),
        },
      },
    },
    ...emails.map((email) => ({ Put: outboxPut(email, now) })),
  ]);
}

/** Deletes a plan with its members and link (the owner's account is deleted). Returns items removed. */
export async function deleteTripPlan(plan: TripPlanRecord): Promise<number> {
  const keysToDelete = [
    tripKeys.plan(plan.id),
    ...plan.party.map((m) => tripKeys.member(plan.id, m.userId)),
    tripKeys.link(plan.tokenHash),
  ];
  for (const key of keysToDelete) await dynamo().send(new DeleteCommand({ TableName: table(), Key: key }));
  return keysToDelete.length;
}

/** Removes one member from a plan they did not file: their item and their entry in the party. */
export async function removeTripMember(plan: TripPlanRecord, userId: string): Promise<number> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: tripKeys.member(plan.id, userId) }));
  const party = plan.party.filter((m) => m.userId !== userId);
  const check = plan.lastCheckIn.by === userId ? { ...plan.lastCheckIn, by: 'deleted' } : plan.lastCheckIn;
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: tripKeys.plan(plan.id),
      UpdateExpression: 'SET party = :party, lastCheckIn = :check',
      ExpressionAttributeValues: { ':party': party, ':check': check },
    }),
  );
  return 2;
}
