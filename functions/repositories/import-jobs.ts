import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import type { ProviderType } from '../shared/schemas/activity';
import { ImportJob, type ImportJobKind } from '../shared/schemas/import-jobs';
import { keys } from './keys';

/**
 * Import jobs (connections table, sk JOB#<provider>#<kind>): one item per user + provider + kind holds the current
 * job, or the last one once it finished. A new job may replace it only when it is done or failed (conditional
 * write), so one job per user and provider runs at a time. `state` is the job's private resume point (a backfill's
 * cursor and day totals); the browser only ever sees the ImportJob fields.
 */
const table = () => tableName('connections');
const FINISHED = { ':done': 'done', ':failed': 'failed' } as const;

export interface StoredImportJob {
  userId: string;
  job: ImportJob;
  state: Record<string, unknown> | null;
}

function fromItem(item: Record<string, unknown>): StoredImportJob | null {
  const parsed = ImportJob.safeParse(item.job);
  if (!parsed.success) return null;
  const state = item.state && typeof item.state === 'object' ? (item.state as Record<string, unknown>) : null;
  return { userId: String(item.user_id), job: parsed.data, state };
}

/** Stores `job` unless one of the same user, provider and kind is still unfinished: then that one is returned. */
export async function createImportJob(userId: string, job: ImportJob): Promise<{ created: boolean; job: ImportJob }> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.importJob(userId, job.provider, job.kind),
          entity: 'ImportJob',
          user_id: userId,
          job,
          status: job.status,
          state: null,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #status IN (:done, :failed)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: FINISHED,
      }),
    );
    return { created: true, job };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const running = await getImportJob(userId, job.provider, job.kind);
    if (running && running.job.status !== 'done' && running.job.status !== 'failed')
      return { created: false, job: running.job };
    // It finished between the write and the read: try once more.
    return createImportJob(userId, job);
  }
}

export async function getImportJob(
  userId: string,
  provider: ProviderType,
  kind: ImportJobKind,
): Promise<StoredImportJob | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.importJob(userId, provider, kind), ConsistentRead: true }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

/**
 * Writes the job's new public fields (and, when given, its private state) in one item write, only while the
 * stored job is still this one: a replaced or removed job is left alone (false).
 */
export async function saveImportJob(
  userId: string,
  job: ImportJob,
  state?: Record<string, unknown> | null,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.importJob(userId, job.provider, job.kind),
        UpdateExpression:
          state === undefined
            ? 'SET #job = :job, #status = :status'
            : 'SET #job = :job, #status = :status, #state = :state',
        ConditionExpression: '#job.id = :id',
        ExpressionAttributeNames: {
          '#job': 'job',
          '#status': 'status',
          ...(state === undefined ? {} : { '#state': 'state' }),
        },
        ExpressionAttributeValues: {
          ':job': job,
          ':status': job.status,
          ':id': job.id,
          ...(state === undefined ? {} : { ':state': state }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

export async function listImportJobs(userId: string): Promise<ImportJob[]> {
  const { pk, skPrefix } = keys.importJobsOfUser(userId);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    }),
  );
  return (result.Items ?? []).map(fromItem).flatMap((stored) => (stored ? [stored.job] : []));
}
