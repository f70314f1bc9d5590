import type { ImportJob } from '@shared/schemas/import-jobs';
import { useEffect, useRef, useState } from 'react';
import { useApiClient } from '@/lib/api-client-context';

/** While a job runs the screen asks every 2 s; otherwise every 20 s (a sync started elsewhere shows up). */
export const ACTIVE_POLL_MS = 2_000;
export const IDLE_POLL_MS = 20_000;

const IMPORT_STARTED = 'trailbuddy:import-started';

/** A sync answered with a job: every open progress view looks again at once instead of at its next slow poll. */
export function notifyImportStarted(): void {
  window.dispatchEvent(new Event(IMPORT_STARTED));
}

export function isActiveJob(job: Pick<ImportJob, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running' || job.status === 'waiting';
}

export type ImportJobsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; jobs: ImportJob[] };

/**
 * The user's import jobs, polled: quickly while one runs, slowly otherwise. `finished` counts the jobs seen
 * to finish while the screen was open, so a screen can reload what the import changed.
 */
export function useImportJobs(): { state: ImportJobsState; finished: number } {
  const client = useApiClient();
  const [state, setState] = useState<ImportJobsState>({ status: 'loading' });
  const [finished, setFinished] = useState(0);
  const seenDone = useRef<Set<string> | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let delay = IDLE_POLL_MS;
      try {
        const { jobs } = await client.importJobs();
        if (stopped) return;
        const nowActive = new Set(jobs.filter(isActiveJob).map((job) => job.id));
        // A job can start and finish between two polls: count every finish not seen before, not only the ones seen running.
        const doneKeys = jobs.filter((job) => !isActiveJob(job)).map((job) => `${job.id}@${job.finishedAt ?? ''}`);
        if (seenDone.current === null) seenDone.current = new Set(doneKeys);
        else {
          const fresh = doneKeys.filter((key) => !seenDone.current!.has(key));
          fresh.forEach((key) => seenDone.current!.add(key));
          if (fresh.length > 0) setFinished((n) => n + fresh.length);
        }
        setState({ status: 'ready', jobs });
        if (nowActive.size > 0) delay = ACTIVE_POLL_MS;
      } catch {
        if (!stopped) setState((previous) => (previous.status === 'ready' ? previous : { status: 'error' }));
      }
      if (!stopped) timer = setTimeout(() => void poll(), delay);
    };
    const now = () => {
      clearTimeout(timer);
      void poll();
    };
    now();
    window.addEventListener(IMPORT_STARTED, now);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener(IMPORT_STARTED, now);
    };
  }, [client]);

  return { state, finished };
}
