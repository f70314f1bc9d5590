import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import type { ProviderType } from '../shared/schemas/activity';
import { IMPORT_JOB_KINDS, ImportJob, type ImportJobKind } from '../shared/schemas/import-jobs';
import { ConnectionEndedError, writeFenced, type ConnectionFence } from './connection-fence';
import { keys } from './keys';
import { writeIfCondition } from './batch';

/**
 * Import jobs (connections table, sk JOB#<provider>#<kind>): one item per user + provider + kind holds the current
 * job, or the last one once it finished. A new job may replace it only when it is done or failed (conditional
 * write), so one job per user and provider runs at a time. `state` is the job's private resume point (a backfill's
 * cursor and day totals); the browser only ever sees the ImportJob fields. `generation` is the connection's the job
 * was started for (connection-fence.ts): the job writes only while the connection is still that one.
 */
const table = () => tableName('connections');
const FINISHED = { ':done': 'done', ':failed': 'failed' } as const;

export interface StoredImportJob {
  userId: string;
  job: ImportJob;
  state: Record<string, unknown> | null;
  /** Null for a job stored before generations existed. */
  generation: string | null;
}

function fromItem(item: Record<string, unknown>): StoredImportJob | null {
  const parsed = ImportJob.safeParse(item.job);
  if (!parsed.success) return null;
  const state = item.state && typeof item.state === 'object' ? (item.state as Record<string, unknown>) : null;
  const generation = typeof item.generation === 'string' ? item.generation : null;
  return { userId: String(item.user_id), job: parsed.data, state, generation };
}

/**
 * Stores `job` for the connection `fence` names, unless one of the same user, provider and kind is still unfinished:
 * then that one is returned. The job is created only together with a check that the connection is still that one
 * (ConnectionEndedError otherwise), so a job started by a late caller never outlives a disconnect.
 */
export async function createImportJob(
  fence: ConnectionFence & { generation: string },
  job: ImportJob,
): Promise<{ created: boolean; job: ImportJob }> {
  const { userId } = fence;
  const put = {
    TableName: table(),
    Item: {
      ...keys.importJob(userId, job.provider, job.kind),
      entity: 'ImportJob',
      user_id: userId,
      job,
      status: job.status,
      state: null,
      generation: fence.generation,
    },
    ConditionExpression: 'attribute_not_exists(pk) OR #status IN (:done, :failed)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: FINISHED,
  };
  try {
    await writeFenced([fence], [{ Put: put }]);
    return { created: true, job };
  } catch (error) {
    if (!isTransactionConditionFailure(error)) throw error;
    const running = await getImportJob(userId, job.provider, job.kind);
    if (running && running.job.status !== 'done' && running.job.status !== 'failed')
      return { created: false, job: running.job };
    // It finished between the write and the read: try once more.
    return createImportJob(fence, job);
  }
}

/** The job's own condition failed (not the connection's: that one is a ConnectionEndedError). */
function isTransactionConditionFailure(error: unknown): boolean {
  return (
    !(error instanceof ConnectionEndedError) && error instanceof Error && error.name === 'TransactionCanceledException'
  );
}

/**
 * A connection's jobs end with it: their items go, so every later write of a running job (conditional on its id)
 * fails, and its saved state (a backfill's day totals) is gone.
 */
export async function deleteImportJobsOf(userId: string, provider: ProviderType): Promise<void> {
  for (const kind of IMPORT_JOB_KINDS)
    await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.importJob(userId, provider, kind) }));
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
  return writeIfCondition(
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
