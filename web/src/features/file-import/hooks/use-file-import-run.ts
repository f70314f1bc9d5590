import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileImportKind } from '@shared/schemas/file-import';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import type { ParsedFile } from '../parsers/parse-file';
import { addCounts, importBatches, NO_COUNTS, sendWithRetry, type ImportCounts } from '../utils/batches';
import type { CreateFileImportWorker, FileImportWorker } from '../utils/file-import-worker';

export type FileRunStage = 'waiting' | 'reading' | 'sending' | 'done' | 'cancelled' | 'failed';

/** One chosen file, as the screen shows it from reading to the server's answer. */
export interface FileRun {
  id: string;
  name: string;
  size: number;
  stage: FileRunStage;
  bytesRead: number;
  activitiesFound: number;
  batchesSent: number;
  batchesTotal: number;
  counts: ImportCounts;
  /** Files inside an archive that could not be read. */
  skipped: ParsedFile['skipped'];
  error: string | null;
}

export interface FileImportRunOptions {
  createWorker: CreateFileImportWorker;
  /** Waits before a failed batch is sent again; injectable so tests need not wait for real. */
  wait?: (ms: number) => Promise<void>;
  /** Called once a file's summaries reached the server (some or all): what the person sees must read again. */
  onImported: () => void;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class ReadFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const WORKER_FAILED = 'This browser could not start the file reader. Reload the page and try again.';

/**
 * Reads the chosen files one after another in the worker (one file in memory at a time), then sends each file's
 * summaries in batches under an import_id of its own, retrying a batch that failed on the way.
 */
export function useFileImportRun({ createWorker, wait = realWait, onImported }: FileImportRunOptions) {
  const client = useApiClient();
  const [runs, setRuns] = useState<FileRun[]>([]);
  const queue = useRef<{ id: string; file: File }[]>([]);
  const running = useRef(false);
  const worker = useRef<FileImportWorker | null>(null);
  const current = useRef<{ id: string; sending: AbortController | null } | null>(null);
  const unmounted = useRef(false);
  const latest = useRef({ client, wait, onImported, createWorker });
  useEffect(() => {
    latest.current = { client, wait, onImported, createWorker };
  });

  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      queue.current = [];
      current.current?.sending?.abort();
      worker.current?.terminate();
      worker.current = null;
    };
  }, []);

  const change = useCallback((id: string, update: Partial<FileRun> | ((run: FileRun) => Partial<FileRun>)) => {
    if (unmounted.current) return;
    setRuns((all) =>
      all.map((run) => (run.id === id ? { ...run, ...(typeof update === 'function' ? update(run) : update) } : run)),
    );
  }, []);

  const read = useCallback(
    (id: string, file: File) =>
      new Promise<{ parsed: ParsedFile; kind: FileImportKind }>((resolve, reject) => {
        const reader = (worker.current ??= latest.current.createWorker());
        reader.onmessage = ({ data: reply }) => {
          if (reply.kind === 'progress') {
            change(id, { bytesRead: reply.progress.bytesRead, activitiesFound: reply.progress.activitiesFound });
          } else if (reply.kind === 'done') {
            resolve({ parsed: reply.result, kind: reply.fileKind });
          } else {
            reject(new ReadFailure(reply.code, reply.message));
          }
        };
        reader.onerror = () => {
          // A worker that failed to load cannot be trusted with the next file: the next one starts afresh.
          reader.terminate();
          worker.current = null;
          reject(new ReadFailure('worker', WORKER_FAILED));
        };
        reader.postMessage({ kind: 'parse', file });
      }),
    [change],
  );

  const importOne = useCallback(
    async (id: string, file: File) => {
      current.current = { id, sending: null };
      change(id, { stage: 'reading' });
      let read_: { parsed: ParsedFile; kind: FileImportKind };
      try {
        read_ = await read(id, file);
      } catch (error) {
        const failure =
          error instanceof ReadFailure ? error : new ReadFailure('malformed', 'The file could not be read.');
        change(id, failure.code === 'cancelled' ? { stage: 'cancelled' } : { stage: 'failed', error: failure.message });
        return;
      }
      const { parsed, kind } = read_;
      const found = parsed.activities.length;
      const batches = importBatches(crypto.randomUUID(), file.name, kind, parsed);
      change(id, {
        stage: batches.length > 0 ? 'sending' : 'done',
        activitiesFound: found,
        bytesRead: file.size,
        batchesTotal: batches.length,
        skipped: parsed.skipped,
        counts: { ...NO_COUNTS, found },
      });
      if (batches.length === 0) return;
      const sending = new AbortController();
      current.current.sending = sending;
      let sent = 0;
      try {
        for (const batch of batches) {
          if (sending.signal.aborted) break;
          const { client: api, wait: pause } = latest.current;
          const answer = await sendWithRetry((body) => api.sendFileImportBatch(body), batch, pause, sending.signal);
          sent += 1;
          change(id, (run) => ({
            batchesSent: sent,
            counts: addCounts(run.counts, {
              found: 0,
              fresh: answer.new,
              alreadyHere: answer.already_here,
              stepDays: answer.step_days,
            }),
          }));
        }
        change(id, { stage: sending.signal.aborted ? 'cancelled' : 'done' });
      } catch (error) {
        change(id, {
          stage: 'failed',
          error: `${userMessage(error)} ${sent > 0 ? 'Part of this file was saved: choose it again to send the rest.' : 'Nothing from this file was saved.'}`,
        });
      } finally {
        if (sent > 0 && !unmounted.current) latest.current.onImported();
      }
    },
    [change, read],
  );

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let next = queue.current.shift(); next && !unmounted.current; next = queue.current.shift()) {
        await importOne(next.id, next.file);
      }
    } finally {
      running.current = false;
      current.current = null;
    }
  }, [importOne]);

  const add = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const added = files.map((file) => ({ id: crypto.randomUUID(), file }));
      queue.current.push(...added);
      setRuns((all) => [
        ...all,
        ...added.map(({ id, file }) => ({
          id,
          name: file.name,
          size: file.size,
          stage: 'waiting' as const,
          bytesRead: 0,
          activitiesFound: 0,
          batchesSent: 0,
          batchesTotal: 0,
          counts: NO_COUNTS,
          skipped: [],
          error: null,
        })),
      ]);
      void drain();
    },
    [drain],
  );

  const cancel = useCallback(
    (id: string) => {
      if (current.current?.id === id) {
        if (current.current.sending) current.current.sending.abort();
        else worker.current?.postMessage({ kind: 'cancel' });
        return;
      }
      queue.current = queue.current.filter((queued) => queued.id !== id);
      change(id, (run) => (run.stage === 'waiting' ? { stage: 'cancelled' } : {}));
    },
    [change],
  );

  const clearFinished = useCallback(
    () =>
      setRuns((all) =>
        all.filter((run) => run.stage === 'waiting' || run.stage === 'reading' || run.stage === 'sending'),
      ),
    [],
  );

  return { runs, add, cancel, clearFinished };
}
