import { ulid } from 'ulid';
import { enqueueImport } from '../../lib/import-queue';
import { ConnectionEndedError } from '../../repositories/connection-fence';
import { activeGeneration } from '../../repositories/connections';
import { createImportJob, listImportJobs } from '../../repositories/import-jobs';
import type { ProviderType } from '../../shared/schemas/activity';
import type { ImportJob, ImportJobKind, ImportJobsResponse } from '../../shared/schemas/import-jobs';

/**
 * How long one worker run reads pages before it saves where it is and re-enqueues itself (the worker Lambda's
 * timeout is well above it, see infra/constructs/import-queue.ts).
 */
export const JOB_RUN_BUDGET_MS = 120_000;

export function newImportJob(provider: ProviderType, kind: ImportJobKind, now: Date): ImportJob {
  const at = now.toISOString();
  return {
    id: ulid(now.getTime()),
    provider,
    kind,
    status: 'queued',
    counts: { fetched: 0, stored: 0, pages: 0 },
    waitingUntil: null,
    reason: null,
    result: null,
    error: null,
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
  };
}

/**
 * Queues an import (or backfill) job; while one of the same user, provider and kind is unfinished, that one is returned.
 * `window: 'recent'` (the daily refresh) makes an import read the whole recent window instead of since the last sync.
 * The job belongs to the connection as it is now, or to `generation` when given (a job's follow-up): it writes nothing
 * once that connection has ended, and none is created for one that has (ConnectionEndedError).
 */
export async function startImportJob(
  userId: string,
  provider: ProviderType,
  kind: ImportJobKind,
  now: Date,
  options: { window?: 'recent'; generation?: string } = {},
): Promise<ImportJob> {
  const generation = options.generation ?? (await activeGeneration(userId, provider));
  if (!generation) throw new ConnectionEndedError(provider);
  const { created, job } = await createImportJob({ userId, provider, generation }, newImportJob(provider, kind, now));
  if (created)
    await enqueueImport({
      type: 'job',
      userId,
      provider,
      kind,
      jobId: job.id,
      ...(options.window && { window: options.window }),
    });
  return job;
}

export async function listUserImportJobs(userId: string): Promise<ImportJobsResponse> {
  const jobs = await listImportJobs(userId);
  return { jobs: jobs.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)) };
}

/**
 * After a connect ran its first import in the request: an import cut short by its time budget continues as a job
 * (the backfill follows it), a finished one is followed by the history backfill at once (for providers with a backfill).
 */
export async function startJobsAfterConnect(
  userId: string,
  provider: ProviderType,
  sync: { complete?: boolean } | null,
  now: Date,
): Promise<void> {
  if (sync === null) return;
  try {
    await startImportJob(userId, provider, sync.complete === false ? 'import' : 'backfill', now);
  } catch (error) {
    // Disconnected while the connect's own import ran: there is nothing left to continue.
    if (!(error instanceof ConnectionEndedError)) throw error;
  }
}
