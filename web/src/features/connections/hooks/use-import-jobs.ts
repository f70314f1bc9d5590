import type { ImportJob } from '@shared/schemas/import-jobs';
import { useSyncExternalStore } from 'react';
import type { ApiClient } from '@/lib/api-client';
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

interface ImportJobsSnapshot {
  state: ImportJobsState;
  /** Jobs seen to finish since polling began. */
  finished: number;
}

/**
 * One poller per API client, shared by every view on the screen (the dashboard's figures and progress, the
 * connections card): it polls while at least one view listens, quickly while a job runs, slowly otherwise.
 */
class ImportJobsPoller {
  private snapshot: ImportJobsSnapshot = { state: { status: 'loading' }, finished: 0 };
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on every start and stop: an answer from an earlier run is ignored. */
  private generation = 0;
  private seenDone: Set<string> | null = null;

  constructor(private readonly client: ApiClient) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  readonly getSnapshot = (): ImportJobsSnapshot => this.snapshot;

  private readonly pollNow = () => {
    clearTimeout(this.timer);
    void this.poll(this.generation);
  };

  private start(): void {
    this.generation += 1;
    window.addEventListener(IMPORT_STARTED, this.pollNow);
    this.pollNow();
  }

  private stop(): void {
    this.generation += 1;
    clearTimeout(this.timer);
    window.removeEventListener(IMPORT_STARTED, this.pollNow);
  }

  private update(next: Partial<ImportJobsSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  private async poll(generation: number): Promise<void> {
    let delay = IDLE_POLL_MS;
    try {
      const { jobs } = await this.client.importJobs();
      if (generation !== this.generation) return;
      // A job can start and finish between two polls: count every finish not seen before, not only the ones seen running.
      const doneKeys = jobs.filter((job) => !isActiveJob(job)).map((job) => `${job.id}@${job.finishedAt ?? ''}`);
      let finished = this.snapshot.finished;
      if (this.seenDone === null) this.seenDone = new Set(doneKeys);
      else {
        const fresh = doneKeys.filter((key) => !this.seenDone!.has(key));
        fresh.forEach((key) => this.seenDone!.add(key));
        finished += fresh.length;
      }
      this.update({ state: { status: 'ready', jobs }, finished });
      if (jobs.some(isActiveJob)) delay = ACTIVE_POLL_MS;
    } catch {
      if (generation !== this.generation) return;
      if (this.snapshot.state.status !== 'ready') this.update({ state: { status: 'error' } });
    }
    if (generation === this.generation) this.timer = setTimeout(() => void this.poll(generation), delay);
  }
}

const pollers = new WeakMap<ApiClient, ImportJobsPoller>();

function pollerFor(client: ApiClient): ImportJobsPoller {
  let poller = pollers.get(client);
  if (!poller) {
    poller = new ImportJobsPoller(client);
    pollers.set(client, poller);
  }
  return poller;
}

/**
 * The user's import jobs, from the screen's one shared poller. `finished` counts the jobs seen to finish while
 * polling ran, so a screen can reload what the import changed.
 */
export function useImportJobs(): ImportJobsSnapshot {
  const poller = pollerFor(useApiClient());
  return useSyncExternalStore(poller.subscribe, poller.getSnapshot);
}
