import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ImportJob } from '@shared/schemas/import-jobs';
import { useApiClient } from '@/lib/api-client-context';
import { useLiveOpen } from '@/lib/live/live-status';
import { invalidateActivityData, queryKeys } from '@/lib/query-keys';

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

interface ImportJobsSnapshot {
  state: ImportJobsState;
  /** Jobs seen to finish since polling began. */
  finished: number;
}

/** What the cache keeps: the jobs, and the finished ones already seen (id and finish time), to count new finishes. */
interface ImportJobsData {
  jobs: ImportJob[];
  seenDone: string[];
  finished: number;
}

/**
 * The user's import jobs, one query shared by every view on the screen (the dashboard's figures and progress, the
 * connections card): polled while at least one view shows it and the tab is visible, quickly while a job runs,
 * slowly otherwise. A job seen to finish changes the user's activities: their lists and figures read again.
 */
export function useImportJobs(): ImportJobsSnapshot {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const liveOpen = useLiveOpen();
  const query = useQuery({
    queryKey: queryKeys.importJobs,
    queryFn: async (): Promise<ImportJobsData> => {
      const { jobs } = await client.importJobs();
      // A job can start and finish between two polls: count every finish not seen before, not only the ones seen running.
      const doneKeys = jobs.filter((job) => !isActiveJob(job)).map((job) => `${job.id}@${job.finishedAt ?? ''}`);
      const previous = queryClient.getQueryData<ImportJobsData>(queryKeys.importJobs);
      if (!previous) return { jobs, seenDone: doneKeys, finished: 0 };
      const seen = new Set(previous.seenDone);
      const fresh = doneKeys.filter((key) => !seen.has(key));
      if (fresh.length > 0) invalidateActivityData(queryClient);
      return { jobs, seenDone: [...previous.seenDone, ...fresh], finished: previous.finished + fresh.length };
    },
    // The realtime channel tells of each step; polling stands in only while it is down.
    refetchInterval: (current) =>
      liveOpen ? false : current.state.data?.jobs.some(isActiveJob) ? ACTIVE_POLL_MS : IDLE_POLL_MS,
  });

  useEffect(() => {
    // Every view listens; the refetch joins one already on its way instead of starting another.
    const pollNow = () => void queryClient.refetchQueries({ queryKey: queryKeys.importJobs }, { cancelRefetch: false });
    window.addEventListener(IMPORT_STARTED, pollNow);
    return () => window.removeEventListener(IMPORT_STARTED, pollNow);
  }, [queryClient]);

  const { data, isError } = query;
  // One snapshot per answer, as a store gives it (the dashboard defers it). A failed poll keeps the jobs shown; only
  // a first read that fails is an error.
  return useMemo(
    () => ({
      state: data ? { status: 'ready', jobs: data.jobs } : isError ? { status: 'error' } : { status: 'loading' },
      finished: data?.finished ?? 0,
    }),
    [data, isError],
  );
}
