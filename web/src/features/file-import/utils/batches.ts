import {
  FILE_IMPORT_BATCH_MAX,
  type FileImportBatch,
  type FileImportBatchResult,
  type FileImportKind,
} from '@shared/schemas/file-import';
import { ApiError } from '@/lib/api/api-error';
import type { ParsedFile } from '../parsers/parse-file';

/** What the file picker offers: single recordings (also gzipped), Apple Health's export.xml and whole exports. */
export const ACCEPTED_FILES = '.gpx,.fit,.tcx,.gz,.zip,.xml';

/**
 * The batches of one import: activities and step days each cut at FILE_IMPORT_BATCH_MAX, numbered from 0, all under
 * the one import_id, so the server can take a retried or resumed batch for the one it already has.
 */
export function importBatches(
  importId: string,
  fileName: string,
  kind: FileImportKind,
  { activities, dailySteps }: Pick<ParsedFile, 'activities' | 'dailySteps'>,
): FileImportBatch[] {
  const count = Math.max(
    Math.ceil(activities.length / FILE_IMPORT_BATCH_MAX),
    Math.ceil(dailySteps.length / FILE_IMPORT_BATCH_MAX),
  );
  return Array.from({ length: count }, (_, index) => ({
    import_id: importId,
    batch_index: index,
    file_name: fileName.trim().slice(0, 200) || 'file',
    kind,
    activities: activities.slice(index * FILE_IMPORT_BATCH_MAX, (index + 1) * FILE_IMPORT_BATCH_MAX),
    daily_steps: dailySteps.slice(index * FILE_IMPORT_BATCH_MAX, (index + 1) * FILE_IMPORT_BATCH_MAX),
  }));
}

/** Waits before each retry of a failed batch: the server may be briefly away or busy. */
export const BATCH_RETRY_DELAYS_MS = [1_000, 4_000, 10_000] as const;

/** A batch is worth sending again when the failure was the connection or the server, not the batch itself. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * Sends one batch, again after each delay while the failure is worth retrying (safe: the server keeps one answer per
 * import_id and batch_index). Stops early when `signal` aborts.
 */
export async function sendWithRetry(
  send: (batch: FileImportBatch) => Promise<FileImportBatchResult>,
  batch: FileImportBatch,
  wait: (ms: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<FileImportBatchResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(batch);
    } catch (error) {
      const delay = BATCH_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isRetryable(error) || signal?.aborted) throw error;
      await wait(delay);
      if (signal?.aborted) throw error;
    }
  }
}

export interface ImportCounts {
  found: number;
  fresh: number;
  alreadyHere: number;
  stepDays: number;
}

export const NO_COUNTS: ImportCounts = { found: 0, fresh: 0, alreadyHere: 0, stepDays: 0 };

export function addCounts(a: ImportCounts, b: ImportCounts): ImportCounts {
  return {
    found: a.found + b.found,
    fresh: a.fresh + b.fresh,
    alreadyHere: a.alreadyHere + b.alreadyHere,
    stepDays: a.stepDays + b.stepDays,
  };
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-CA')} ${count === 1 ? one : many}`;

/** "312 activities found: 298 new, 14 already here" (and the days of steps, when the file had any). */
export function resultLine({ found, fresh, alreadyHere, stepDays }: ImportCounts): string {
  const activities =
    found === 0
      ? 'No activities found'
      : `${plural(found, 'activity', 'activities')} found: ${fresh.toLocaleString('en-CA')} new, ${alreadyHere.toLocaleString('en-CA')} already here`;
  return stepDays > 0 ? `${activities}; ${plural(stepDays, 'day', 'days')} of steps` : activities;
}
