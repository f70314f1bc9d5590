import * as z from 'zod';
import { ProviderType } from './activity';

/** 'import': the recent window (activities stored); 'backfill': up to a year before it, into the daily aggregates only. */
export const IMPORT_JOB_KINDS = ['import', 'backfill'] as const;
export type ImportJobKind = (typeof IMPORT_JOB_KINDS)[number];
export const IMPORT_JOB_STATUSES = ['queued', 'running', 'waiting', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
/** What a waiting job waits for: a provider's 15-minute or daily rate window, or a retry after a failure. */
export const IMPORT_JOB_WAIT_REASONS = ['rate_limit_15min', 'rate_limit_daily', 'retry'] as const;

/** A background import as the browser sees it (never a cursor or a token). */
export const ImportJob = z.object({
  id: z.string(),
  provider: ProviderType,
  kind: z.enum(IMPORT_JOB_KINDS),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** fetched: items read from the provider; stored: items written (activities, or days for a backfill); pages read. */
  counts: z.object({
    fetched: z.number().int().nonnegative(),
    stored: z.number().int().nonnegative(),
    pages: z.number().int().nonnegative(),
  }),
  waitingUntil: z.iso.datetime().nullable(),
  reason: z.enum(IMPORT_JOB_WAIT_REASONS).nullable(),
  result: z
    .object({
      imported: z.number().int().nonnegative(),
      updated: z.number().int().nonnegative(),
      days: z.number().int().nonnegative(),
    })
    .nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

/** GET /api/connections/jobs — the caller's current (and last finished) import jobs, one per provider and kind. */
export const ImportJobsResponse = z.object({ jobs: z.array(ImportJob) });
export type ImportJobsResponse = z.infer<typeof ImportJobsResponse>;
