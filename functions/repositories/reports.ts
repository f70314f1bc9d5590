import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import type { ReportKind } from '../shared/schemas/reports';
import { batchGetAll, writeIfCondition } from './batch';
import { keys, messageKeys } from './keys';

/**
 * social table: reports and moderation.
 *
 * | item | pk | sk | gsi1pk / gsi1sk |
 * |---|---|---|---|
 * | report (evidence copied in) | `REPORT#<ulid>` | `REPORT` | `REPORTS#<status>` / `<createdAt>#<id>` |
 * | open reporter of a target | `REPORTED#<kind>#<targetId>` | `BY#<reporterId>` | — |
 * | hidden content | `HIDDEN#<kind>#<targetId>` | `HIDDEN` | — |
 * | suspended account | `SUSPENDED#<userId>` | `SUSPENDED` | — |
 * | hourly report counter | `USER#<reporterId>` | `REPORT_WINDOW#<hour>` | — (TTL) |
 *
 * A report lives under its own partition, not the reported person's, so its evidence survives their account
 * deletion. One reporter marker per person per target makes repeated reports count once toward auto-hiding.
 */
export interface ReportRecord {
  reportId: string;
  kind: ReportKind;
  targetId: string;
  subjectUserId: string;
  reporterId: string;
  reason: string;
  note: string;
  evidence: string;
  status: 'open' | 'dismissed' | 'hidden' | 'suspended';
  createdAt: string;
  closedAt: string | null;
}

const table = () => tableName('social');

/** Stores a report; `alsoPut` (an idempotency record) commits with it. */
export async function putReport(
  report: ReportRecord,
  alsoPut?: NonNullable<ConstructorParameters<typeof PutCommand>[0]>,
): Promise<void> {
  const put = {
    TableName: table(),
    Item: {
      ...keys.report(report.reportId),
      ...keys.reportsByStatus(report.status, report.createdAt, report.reportId),
      entity: 'Report',
      ...report,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  if (alsoPut) await dynamo().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, { Put: alsoPut }] }));
  else await dynamo().send(new PutCommand(put));
}

export async function getReport(reportId: string): Promise<ReportRecord | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.report(reportId), ConsistentRead: true }),
  );
  return result.Item ? toReport(result.Item) : null;
}

/** Open reports, oldest first (a queue). */
export async function listOpenReports(limit: number): Promise<ReportRecord[]> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.reportsInStatus('open') },
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map(toReport);
}

/** Every report (any status) about one target. */
export async function reportIdsOfTarget(kind: ReportKind, targetId: string): Promise<string[]> {
  const { pk, skPrefix } = keys.reportersOfTarget(kind, targetId);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []).map((item) => String(item.reportId));
}

/** Records that `reporterId` has an open report on the target; returns the number of distinct open reporters. */
export async function markReporter(
  kind: ReportKind,
  targetId: string,
  reporterId: string,
  reportId: string,
): Promise<number> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.reporterOfTarget(kind, targetId, reporterId), entity: 'ReportedBy', reportId },
    }),
  );
  return (await reportIdsOfTarget(kind, targetId)).length;
}

/** Closes a report with a status; clears its reporter marker so the target's count starts again. */
export async function closeReport(report: ReportRecord, status: ReportRecord['status'], now: Date): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.report(report.reportId),
        UpdateExpression: 'SET #status = :status, closedAt = :now, gsi1pk = :gsi1pk',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          ':now': now.toISOString(),
          ':gsi1pk': keys.reportsInStatus(status),
          ':open': 'open',
        },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
  await dynamo().send(
    new DeleteCommand({
      TableName: table(),
      Key: keys.reporterOfTarget(report.kind, report.targetId, report.reporterId),
    }),
  );
}

export async function setHidden(
  kind: ReportKind,
  targetId: string,
  by: 'reports' | 'moderator',
  now: Date,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.hiddenContent(kind, targetId),
        entity: 'HiddenContent',
        kind,
        targetId,
        by,
        hiddenAt: now.toISOString(),
      },
    }),
  );
}

/** Lifts a hide the reports put on (a moderator's own hide stays). */
export async function clearAutoHidden(kind: ReportKind, targetId: string): Promise<void> {
  await dynamo()
    .send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.hiddenContent(kind, targetId),
        ConditionExpression: '#by = :reports',
        ExpressionAttributeNames: { '#by': 'by' },
        ExpressionAttributeValues: { ':reports': 'reports' },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

export async function setSuspended(userId: string, now: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.suspendedUser(userId), entity: 'SuspendedUser', userId, suspendedAt: now.toISOString() },
    }),
  );
}

/** The ids among `targetIds` whose content of `kind` is hidden. */
export async function hiddenAmong(kind: ReportKind, targetIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(targetIds)];
  if (unique.length === 0) return new Set();
  const items = await batchGetAll(
    table(),
    unique.map((id) => keys.hiddenContent(kind, id)),
  );
  return new Set(items.map((item) => String(item.targetId)));
}

/** The ids among `userIds` whose accounts are suspended. */
export async function suspendedAmong(userIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Set();
  const items = await batchGetAll(
    table(),
    unique.map((id) => keys.suspendedUser(id)),
  );
  return new Set(items.map((item) => String(item.userId)));
}

/** Counts one report toward the hour's limit; false when the limit is reached (nothing counted). */
export async function takeReportAllowance(userId: string, hourStart: Date, limit: number): Promise<boolean> {
  return writeIfCondition(
    new UpdateCommand({
      TableName: table(),
      Key: keys.reportWindow(userId, hourStart.toISOString()),
      UpdateExpression: 'SET entity = :entity, expiresAt = :expires ADD requests :one',
      ConditionExpression: 'attribute_not_exists(requests) OR requests < :limit',
      ExpressionAttributeValues: {
        ':entity': 'ReportWindow',
        ':expires': Math.floor(hourStart.getTime() / 1000) + 7200,
        ':one': 1,
        ':limit': limit,
      },
    }),
  );
}

function toReport(item: Record<string, unknown>): ReportRecord {
  return {
    reportId: String(item.reportId),
    kind: item.kind as ReportKind,
    targetId: String(item.targetId),
    subjectUserId: String(item.subjectUserId),
    reporterId: String(item.reporterId),
    reason: String(item.reason),
    note: typeof item.note === 'string' ? item.note : '',
    evidence: typeof item.evidence === 'string' ? item.evidence : '',
    status: item.status as ReportRecord['status'],
    createdAt: String(item.createdAt),
    closedAt: typeof item.closedAt === 'string' ? item.closedAt : null,
  };
}

/** The one lookup list and detail reads call: is this content hidden (by reports or a moderator)? */
export async function isHidden(kind: ReportKind, targetId: string): Promise<boolean> {
  const result = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.hiddenContent(kind, targetId) }));
  return result.Item !== undefined;
}

/** The one lookup list reads call: is this account suspended? */
export async function isSuspended(userId: string): Promise<boolean> {
  const result = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.suspendedUser(userId) }));
  return result.Item !== undefined;
}

/** A message of the conversation between `a` and `b`, read for a report's evidence. */
export async function getConversationMessage(
  a: string,
  b: string,
  messageId: string,
): Promise<{ senderId: string; text: string } | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: table(), Key: messageKeys.message(a, b, messageId), ConsistentRead: true }),
  );
  if (!result.Item) return null;
  return { senderId: String(result.Item.senderId), text: String(result.Item.text ?? '') };
}

/** The id of `reporterId`'s open report on the target, if any (a repeat report counts once). */
export async function openReportBy(kind: ReportKind, targetId: string, reporterId: string): Promise<string | null> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: table(),
      Key: keys.reporterOfTarget(kind, targetId, reporterId),
      ConsistentRead: true,
    }),
  );
  return result.Item ? String(result.Item.reportId) : null;
}

/**
 * The one filter list reads call: keeps the items whose content is not hidden and whose owner is not suspended
 * (a suspended person disappears from every list; hidden content stays visible to its own owner).
 */
export async function visibleOnly<T>(
  viewerId: string,
  items: readonly T[],
  kind: ReportKind,
  idOf: (item: T) => string,
  ownerOf: (item: T) => string,
): Promise<T[]> {
  if (items.length === 0) return [];
  const [hidden, suspended] = await Promise.all([
    hiddenAmong(kind, items.map(idOf)),
    suspendedAmong(items.map(ownerOf)),
  ]);
  const hiddenPeople = kind === 'person' ? hidden : await hiddenAmong('person', items.map(ownerOf));
  return items.filter(
    (item) =>
      ownerOf(item) === viewerId ||
      (!hidden.has(idOf(item)) && !suspended.has(ownerOf(item)) && !hiddenPeople.has(ownerOf(item))),
  );
}
