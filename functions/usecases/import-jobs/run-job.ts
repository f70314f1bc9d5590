import { isServerFault, TooManyRequestsError } from '../../lib/errors';
import { enqueueImport, type ImportMessage } from '../../lib/import-queue';
import { logger } from '../../lib/logger';
import { ConnectionEndedError } from '../../repositories/connection-fence';
import { activeGeneration } from '../../repositories/connections';
import { getImportJob, saveImportJob } from '../../repositories/import-jobs';
import { publishLiveEvent } from '../live-events';
import type { ProviderType } from '../../shared/schemas/activity';
import type { ImportJob } from '../../shared/schemas/import-jobs';
import { providerImporter } from '../providers/importers';
import type { ImporterFactory, ImportOutcome } from './importer';
import { JOB_RUN_BUDGET_MS, startImportJob } from './jobs';

/*
 * Running a job lives apart from starting one: only the worker loads the providers' import jobs (providerImporter,
 * from each pulling provider's folder), so a route that queues a job bundles no provider's import code
 * (test/functions/architecture/lambda-bundles.test.ts).
 */

type JobMessage = Extract<ImportMessage, { type: 'job' }>;

export interface RunJobOptions {
  /** Tests' importers in place of the providers' own (providerImporter). */
  importers?: Partial<Record<ProviderType, ImporterFactory>>;
  budgetMs?: number;
  /** This delivery's number (SQS ApproximateReceiveCount) and the queue's redrive limit. */
  attempt?: number;
  maxAttempts?: number;
}

export type RunJobOutcome = 'skipped' | 'waiting' | 'continued' | 'done' | 'failed';

/**
 * One worker run of a job (the SQS message names it). It resumes from what the job saved: the importer reads
 * pages, reporting each one, until its window is read or its time budget is spent (then the job re-enqueues
 * itself). A rate limit parks the job as 'waiting' until the window reopens and re-enqueues it with that delay:
 * nothing is sent to the provider before. A crash or a provider fault (5xx) is thrown so the queue redelivers the
 * message; the next delivery resumes from the saved cursor, and the last allowed one marks the job failed.
 */
export async function runImportJob(message: JobMessage, options: RunJobOptions = {}): Promise<RunJobOutcome> {
  const { userId, provider, kind, jobId } = message;
  const stored = await getImportJob(userId, provider, kind);
  if (!stored || stored.job.id !== jobId || stored.job.status === 'done' || stored.job.status === 'failed')
    return 'skipped';
  const factory = options.importers ? options.importers[provider] : providerImporter(provider);
  let job = stored.job;
  if (!factory)
    return finish(
      userId,
      job,
      { status: 'failed', error: { code: 'unsupported_provider', message: 'This provider has no import.' } },
      new Date(),
    );
  // A job stored before generations existed belongs to the connection as it is now.
  const generation = stored.generation ?? (await activeGeneration(userId, provider));
  if (!generation) return 'skipped';
  const fence = { userId, provider, generation };
  const importer = await factory();
  const now = importer.clock();

  if (job.waitingUntil && Date.parse(job.waitingUntil) > now.getTime()) {
    await enqueueImport(message, (Date.parse(job.waitingUntil) - now.getTime()) / 1000);
    return 'waiting';
  }
  job = { ...job, status: 'running', waitingUntil: null, reason: null, updatedAt: now.toISOString() };
  if (!(await saveImportJob(userId, job))) return 'skipped';

  const step = kind === 'import' ? importer.import.bind(importer) : importer.backfill?.bind(importer);
  let outcome: ImportOutcome;
  try {
    outcome = step
      ? await step({
          userId,
          fence,
          job,
          state: stored.state,
          window: message.window ?? 'since-last-sync',
          budgetMs: options.budgetMs ?? JOB_RUN_BUDGET_MS,
          progress: async (counts, state) => {
            job = { ...job, counts, updatedAt: importer.clock().toISOString() };
            if (!(await saveImportJob(userId, job, state))) throw new ConnectionEndedError(provider);
            await publishLiveEvent([userId], { type: 'import-job', keys: [jobId] }, importer.clock());
          },
        })
      : { done: true, result: { imported: 0, updated: 0, days: 0 } };
  } catch (error) {
    const mapped = importer.toError(error);
    const at = importer.clock();
    if (mapped instanceof TooManyRequestsError) {
      const waitingUntil = new Date(at.getTime() + mapped.retryAfterSeconds * 1000);
      job = {
        ...job,
        status: 'waiting',
        waitingUntil: waitingUntil.toISOString(),
        reason: importer.waitReason?.(mapped.retryAfterSeconds) ?? 'retry',
        updatedAt: at.toISOString(),
      };
      await saveImportJob(userId, job);
      await enqueueImport(message, mapped.retryAfterSeconds);
      logger.info('import job waits for the rate window', { userId, provider, kind, waitingUntil: job.waitingUntil });
      return 'waiting';
    }
    const lastAttempt = (options.attempt ?? 1) >= (options.maxAttempts ?? 1);
    // A crash, a timeout or a provider fault (5xx): redelivered and resumed. The user's own state (4xx) is final.
    if (isServerFault(mapped) && !lastAttempt) {
      logger.warn('import job run crashed; the queue redelivers it and it resumes from its cursor', {
        userId,
        provider,
        kind,
        code: mapped.code,
      });
      throw error;
    }
    return finish(userId, job, { status: 'failed', error: { code: mapped.code, message: mapped.message } }, at);
  }

  if (!outcome.done) {
    await enqueueImport(message);
    return 'continued';
  }
  await finish(userId, job, { status: 'done', result: outcome.result }, importer.clock());
  // The first import of a connection is followed by its history backfill, once, for the same connection only.
  if (kind === 'import' && importer.backfill && !(await getImportJob(userId, provider, 'backfill'))) {
    try {
      await startImportJob(userId, provider, 'backfill', importer.clock(), { generation });
    } catch (error) {
      if (!(error instanceof ConnectionEndedError)) throw error;
    }
  }
  return 'done';
}

async function finish(
  userId: string,
  job: ImportJob,
  end: Pick<ImportJob, 'status'> & Partial<Pick<ImportJob, 'result' | 'error'>>,
  at: Date,
): Promise<RunJobOutcome> {
  const iso = at.toISOString();
  await saveImportJob(
    userId,
    { ...job, ...end, waitingUntil: null, reason: null, updatedAt: iso, finishedAt: iso },
    null,
  );
  await publishLiveEvent([userId], { type: 'import-job', keys: [job.id] }, at);
  return end.status === 'failed' ? 'failed' : 'done';
}
