import { OutingIndex, type OutingRecord } from '../domain/file-import-dedup';
import type { StoredFileActivity, StoredFileStepDay } from '../domain/file-import-parts';
import { NotFoundError, TooManyRequestsError } from '../lib/errors';
import { activitiesForMetrics } from '../repositories/metrics';
import {
  countFileImportRequest,
  deleteAllFileImports,
  deleteFileImport,
  fileRecordsOf,
  listFileImports,
  saveFileBatch,
  storedBatchResult,
} from '../repositories/file-imports';
import type { ProviderType } from '../shared/schemas/activity';
import type { FileImportBatch, FileImportBatchResult, FileImportList } from '../shared/schemas/file-import';
import { recalculateUserMetrics } from './metrics';

/**
 * Batch requests a person may send in an hour. A 5,000-outing archive is 10 batches of 500, ten years of Apple
 * Health step days 8 more; 120 leaves room for several archives and every retry a flaky connection needs, while a
 * runaway client is stopped within a few minutes of writes.
 */
export const FILE_IMPORT_BATCHES_PER_HOUR = 120;
const HOUR_MS = 60 * 60 * 1000;

async function enforceRateLimit(userId: string, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const windowEnd = new Date(windowStart.getTime() + HOUR_MS);
  const requests = await countFileImportRequest(userId, windowStart, windowEnd);
  if (requests > FILE_IMPORT_BATCHES_PER_HOUR) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000));
    throw new TooManyRequestsError(
      `Too many imports at once. Try again in ${retryAfterSeconds} seconds`,
      retryAfterSeconds,
    );
  }
}

/** One key per outing and import: the same outing twice in one file (or two batches of it) is one record. */
const outingKey = (activity: Pick<StoredFileActivity, 'start_time' | 'activity_type'>) =>
  `${activity.start_time}#${activity.activity_type}`;

/**
 * POST /api/imports/files: stores one batch of an import. A batch already stored (same import and index) stores
 * nothing and answers what it answered the first time. Every outing is stored with its import, so deleting one import
 * never takes another's outings with it; those already here (from a provider, another import or earlier in this
 * one) are counted as such and count once in every figure (domain/file-import-parts.ts).
 */
export async function importFileBatch(
  userId: string,
  batch: FileImportBatch,
  now: Date,
): Promise<FileImportBatchResult> {
  await enforceRateLimit(userId, now);
  const stored = await storedBatchResult(userId, batch.import_id, batch.batch_index);
  if (stored) return stored;

  const [held, files] = await Promise.all([
    activitiesForMetrics(userId, now),
    fileRecordsOf(userId, { consistent: true }),
  ]);
  const inThisImport = new Set(
    files.activities.filter((a) => a.import_id === batch.import_id).map((activity) => outingKey(activity)),
  );
  const known = new OutingIndex<OutingRecord>(files.activities);
  const heldIndex = new OutingIndex(held);
  const activities = new Map<string, StoredFileActivity>();
  let alreadyHere = 0;
  for (const summary of batch.activities) {
    const key = outingKey(summary);
    if (activities.has(key)) continue;
    const provider = heldIndex.find(summary);
    const covered_by: ProviderType | null = provider?.provider_type ?? null;
    if (provider || known.find(summary)) alreadyHere++;
    known.add(summary);
    activities.set(key, { ...summary, import_id: batch.import_id, covered_by });
  }
  const daysInThisImport = new Set(
    files.stepDays.filter((day) => day.import_id === batch.import_id).map((day) => day.date),
  );
  const stepDays = new Map<string, StoredFileStepDay>();
  for (const day of batch.daily_steps) stepDays.set(day.date, { ...day, import_id: batch.import_id });

  const result: FileImportBatchResult = {
    import_id: batch.import_id,
    new: activities.size - alreadyHere,
    already_here: alreadyHere,
    step_days: stepDays.size,
  };
  const saved = await saveFileBatch(
    userId,
    {
      batch,
      activities: [...activities.values()],
      stepDays: [...stepDays.values()],
      newToImport: {
        activities: [...activities.keys()].filter((key) => !inThisImport.has(key)).length,
        stepDays: [...stepDays.keys()].filter((date) => !daysInThisImport.has(date)).length,
      },
      result,
    },
    now,
  );
  await recalculateUserMetrics(userId, now);
  return saved;
}

/** GET /api/imports/files: the caller's imports, newest first. */
export async function listImportsOf(userId: string): Promise<FileImportList> {
  return { imports: await listFileImports(userId) };
}

/** DELETE /api/imports/files/{importId}: that import's outings and step days go from every figure. */
export async function deleteImportOf(userId: string, importId: string, now: Date): Promise<void> {
  if (!(await deleteFileImport(userId, importId))) throw new NotFoundError('No such import.');
  await recalculateUserMetrics(userId, now);
}

/** DELETE /api/imports/files: every import of the caller. Deleting nothing is fine (a retry). */
export async function deleteAllImportsOf(userId: string, now: Date): Promise<void> {
  await deleteAllFileImports(userId);
  await recalculateUserMetrics(userId, now);
}
