import { GetCommand, TransactWriteCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import type { StoredFileActivity, StoredFileStepDay } from '../domain/file-import-parts';
import { ProviderType } from '../shared/schemas/activity';
import {
  FileActivitySummary,
  FileDailySteps,
  FileImportBatchResult,
  FileImportSummary,
  type FileImportBatch,
} from '../shared/schemas/file-import';
import { batchWriteAll, deleteItemsByPrefix, itemsByPrefix } from './batch';
import { fileImportKeys } from './keys';

/**
 * Outings and step days the person imported from their own files. They are the person's own records: no `fetchedAt`
 * and no `expiresAt`, so neither the 7-day purge of provider data (repositories/retention.ts filters on `fetchedAt`)
 * nor TTL touches them; they stay until the person deletes the import or the account.
 *
 * | Item                         | Table      | pk           | sk                                             |
 * | ---------------------------- | ---------- | ------------ | ---------------------------------------------- |
 * | Import (name, kind, counts)  | activities | `USER#<sub>` | `FILE_IMPORT#<importId>`                       |
 * | Outing summary               | activities | `USER#<sub>` | `FILE#<importId>#ACT#<startTime>#<type>`       |
 * | Step day                     | activities | `USER#<sub>` | `FILE#<importId>#STEPS#<date>`                 |
 * | Stored batch (its result)    | activities | `USER#<sub>` | `FILE#<importId>#BATCH#<batchIndex>`           |
 * | Batch requests per hour (TTL)| rateLimits | `USER#<sub>` | `FILE_IMPORT_WINDOW#<hour start>`              |
 *
 * None has gsi1 keys or order keys, so the provider activity list and its indexes never show them.
 */
const activities = () => tableName('activities');

const FileActivityItem = FileActivitySummary.extend({
  import_id: FileImportSummary.shape.import_id,
  covered_by: ProviderType.nullable(),
});
const FileStepDayItem = FileDailySteps.extend({ import_id: FileImportSummary.shape.import_id });

/** The result a batch stored, or null when it was never stored (read strongly consistent: a retry follows at once). */
export async function storedBatchResult(
  userId: string,
  importId: string,
  batchIndex: number,
): Promise<FileImportBatchResult | null> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: activities(),
      Key: fileImportKeys.fileImportBatch(userId, importId, batchIndex),
      ConsistentRead: true,
    }),
  );
  const parsed = FileImportBatchResult.safeParse(result.Item);
  return parsed.success ? parsed.data : null;
}

export interface FileBatchToStore {
  batch: Pick<FileImportBatch, 'import_id' | 'batch_index' | 'file_name' | 'kind'>;
  activities: readonly StoredFileActivity[];
  stepDays: readonly StoredFileStepDay[];
  /** How many of them this import did not hold yet (its header counts them). */
  newToImport: { activities: number; stepDays: number };
  result: FileImportBatchResult;
}

/**
 * Stores a batch's records (puts by key, so writing them again changes nothing), then in one transaction its marker
 * (only if absent) and the import's counts. Returns the result stored for this batch: this one, or the one an
 * earlier copy of the same request stored first.
 */
export async function saveFileBatch(
  userId: string,
  toStore: FileBatchToStore,
  now: Date,
): Promise<FileImportBatchResult> {
  const { batch, result } = toStore;
  await batchWriteAll(activities(), [
    ...toStore.activities.map((activity) => ({
      PutRequest: {
        Item: {
          ...fileImportKeys.fileActivity(userId, activity.import_id, activity.start_time, activity.activity_type),
          entity: 'FileActivity',
          ...activity,
        },
      },
    })),
    ...toStore.stepDays.map((day) => ({
      PutRequest: {
        Item: { ...fileImportKeys.fileStepDay(userId, day.import_id, day.date), entity: 'FileStepDay', ...day },
      },
    })),
  ]);
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: activities(),
              Item: {
                ...fileImportKeys.fileImportBatch(userId, batch.import_id, batch.batch_index),
                entity: 'FileImportBatch',
                ...result,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: activities(),
              Key: fileImportKeys.fileImport(userId, batch.import_id),
              UpdateExpression:
                'SET entity = :entity, import_id = :id, #name = if_not_exists(#name, :name), #kind = if_not_exists(#kind, :kind), imported_at = if_not_exists(imported_at, :at) ADD activity_count :activities, step_days :days',
              ExpressionAttributeNames: { '#name': 'file_name', '#kind': 'kind' },
              ExpressionAttributeValues: {
                ':entity': 'FileImport',
                ':id': batch.import_id,
                ':name': batch.file_name,
                ':kind': batch.kind,
                ':at': now.toISOString(),
                ':activities': toStore.newToImport.activities,
                ':days': toStore.newToImport.stepDays,
              },
            },
          },
        ],
      }),
    );
    return result;
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TransactionCanceledException')) throw error;
    const stored = await storedBatchResult(userId, batch.import_id, batch.batch_index);
    if (stored === null) throw error;
    return stored;
  }
}

/** Every outing and step day of every import of the user. */
export async function fileRecordsOf(
  userId: string,
  options: { consistent?: boolean } = {},
): Promise<{ activities: StoredFileActivity[]; stepDays: StoredFileStepDay[] }> {
  const { pk, skPrefix } = fileImportKeys.fileContentOf(userId);
  const items = await itemsByPrefix(activities(), { pk, prefix: skPrefix }, { consistent: options.consistent });
  const found: { activities: StoredFileActivity[]; stepDays: StoredFileStepDay[] } = { activities: [], stepDays: [] };
  for (const item of items) {
    if (item.entity === 'FileActivity') {
      const parsed = FileActivityItem.safeParse(item);
      if (parsed.success) found.activities.push(parsed.data);
    } else if (item.entity === 'FileStepDay') {
      const parsed = FileStepDayItem.safeParse(item);
      if (parsed.success) found.stepDays.push(parsed.data);
    }
  }
  return found;
}

/** The user's imports, newest first. */
export async function listFileImports(userId: string): Promise<FileImportSummary[]> {
  const { pk, skPrefix } = fileImportKeys.fileImportsOf(userId);
  const items = await itemsByPrefix(activities(), { pk, prefix: skPrefix }, { consistent: true });
  return items
    .map((item) => FileImportSummary.safeParse(item))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
    .sort((a, b) => (a.imported_at < b.imported_at ? 1 : a.imported_at > b.imported_at ? -1 : 0));
}

/** Deletes one import (its records, markers and header); false when the user has no such import. */
export async function deleteFileImport(userId: string, importId: string): Promise<boolean> {
  const header = await dynamo().send(
    new GetCommand({ TableName: activities(), Key: fileImportKeys.fileImport(userId, importId), ConsistentRead: true }),
  );
  const { pk, skPrefix } = fileImportKeys.fileContentOf(userId, importId);
  const content = await deleteItemsByPrefix(activities(), { pk, prefix: skPrefix });
  // The header goes last: a deletion cut short is found again by the list and can be repeated.
  await dynamo().send(new DeleteCommand({ TableName: activities(), Key: fileImportKeys.fileImport(userId, importId) }));
  return header.Item !== undefined || content.length > 0;
}

/** Deletes every import of the user; returns how many imports there were. */
export async function deleteAllFileImports(userId: string): Promise<number> {
  const content = fileImportKeys.fileContentOf(userId);
  await deleteItemsByPrefix(activities(), { pk: content.pk, prefix: content.skPrefix });
  const headers = fileImportKeys.fileImportsOf(userId);
  return (await deleteItemsByPrefix(activities(), { pk: headers.pk, prefix: headers.skPrefix })).length;
}

/** Notes on file outings that a provider's copy of the same outing is held (reads then count the provider's). */
export async function markFileOutingsCovered(
  userId: string,
  marks: readonly { activity: StoredFileActivity; provider: ProviderType }[],
): Promise<void> {
  for (const { activity, provider } of marks) {
    await dynamo()
      .send(
        new UpdateCommand({
          TableName: activities(),
          Key: fileImportKeys.fileActivity(userId, activity.import_id, activity.start_time, activity.activity_type),
          UpdateExpression: 'SET covered_by = :provider',
          // Deleted in the meantime: it stays deleted.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':provider': provider },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionalCheckFailure(error)) throw error;
      });
  }
}

/** Counts one batch request in the user's current hour (one atomic add); returns the count so far. */
export async function countFileImportRequest(userId: string, windowStart: Date, windowEnd: Date): Promise<number> {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName('rateLimits'),
      Key: fileImportKeys.fileImportWindow(userId, windowStart.toISOString()),
      UpdateExpression:
        'SET entity = :entity, userId = :userId, expiresAt = if_not_exists(expiresAt, :expiresAt) ADD requests :one',
      ExpressionAttributeValues: {
        ':entity': 'FileImportWindow',
        ':userId': userId,
        ':expiresAt': Math.ceil(windowEnd.getTime() / 1000) + 3600,
        ':one': 1,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.requests ?? 1);
}
