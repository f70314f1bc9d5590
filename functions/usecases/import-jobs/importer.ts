import type { AppError } from '../../lib/errors';
import type { ConnectionFence } from '../../repositories/connection-fence';
import type { ImportJob } from '../../shared/schemas/import-jobs';

/** What one run of a job may use: its record, its private resume point, and a way to report a page. */
export interface ImportRun {
  userId: string;
  /**
   * The connection the job was started for: every write the importer makes is fenced on it, so nothing lands once
   * that connection is disconnected, deauthorized or replaced by a reconnect (ConnectionEndedError).
   */
  fence: ConnectionFence & { generation: string };
  job: ImportJob;
  state: Record<string, unknown> | null;
  /** An import's window: the whole recent window (the daily refresh), or since the last sync; a saved cursor wins. */
  window: 'recent' | 'since-last-sync';
  /** Real-time budget of this run; when spent the importer saves where it is and answers { done: false }. */
  budgetMs: number;
  /**
   * Persists progress after a page: the job's counts and (backfill) its private state, in one write. Throws
   * ConnectionEndedError when the job is gone (its connection ended and took its jobs along).
   */
  progress(counts: ImportJob['counts'], state?: Record<string, unknown>): Promise<void>;
}

export type ImportOutcome = { done: true; result: NonNullable<ImportJob['result']> } | { done: false };

/** One provider's import jobs. Rate limits surface as a thrown TooManyRequestsError (after `toError`). */
export interface ProviderImporter {
  import(run: ImportRun): Promise<ImportOutcome>;
  /** Up to a year before the import window into the daily aggregates; absent when the source offers no more. */
  backfill?(run: ImportRun): Promise<ImportOutcome>;
  /** The provider's failure as a typed error with the spec's text (a 429 keeps its retry-after). */
  toError(error: unknown): AppError;
  /** Which of the provider's rate windows a wait of this long is (absent: a plain 'retry' at that time). */
  waitReason?(retryAfterSeconds: number): ImportJob['reason'];
  clock(): Date;
}

/** Builds a provider's import jobs with their deps (each pulling provider's providers/<id>/importer.ts exports one). */
export type ImporterFactory = () => Promise<ProviderImporter>;
