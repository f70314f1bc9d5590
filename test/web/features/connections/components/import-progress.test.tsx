import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportJob } from '@shared/schemas/import-jobs';
import { ImportProgress, waitingText } from '@/features/connections/components/import-progress';
import { ACTIVE_POLL_MS, notifyImportStarted, useImportJobs } from '@/features/connections/hooks/use-import-jobs';
import { createFakeApiClient, createFakeAuthService, SIGNED_IN_USER, TestProviders } from '../../../test-utils';

function job(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 'job-1',
    provider: 'strava',
    kind: 'import',
    status: 'running',
    counts: { fetched: 400, stored: 400, pages: 2 },
    waitingUntil: null,
    reason: null,
    result: null,
    error: null,
    createdAt: '2026-11-23T18:30:00.000Z',
    updatedAt: '2026-11-23T18:31:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

function renderProgress(importJobs: () => Promise<{ jobs: ImportJob[] }>) {
  const apiClient = createFakeApiClient({ importJobs: vi.fn(importJobs) });
  render(
    <TestProviders service={createFakeAuthService(SIGNED_IN_USER)} apiClient={apiClient}>
      <ImportProgress />
    </TestProviders>,
  );
  return apiClient;
}

describe('ImportProgress', () => {
  it('says what a waiting job waits for, in Vancouver time', () => {
    // 18:45 UTC is 10:45 in Vancouver (PST, UTC-8) in November.
    expect(
      waitingText({ provider: 'strava', reason: 'rate_limit_15min', waitingUntil: '2026-11-23T18:45:00.000Z' }),
    ).toBe("Strava's 15-minute limit resets at 10:45 AM");
    expect(
      waitingText({ provider: 'strava', reason: 'rate_limit_daily', waitingUntil: '2026-11-24T00:00:00.000Z' }),
    ).toBe("Strava's daily limit resets at 4:00 PM");
  });

  it('shows a progress bar with counts while a job runs, polls, and a result line once it is done', async () => {
    const answers = [
      { jobs: [job({ status: 'waiting', reason: 'rate_limit_15min', waitingUntil: '2026-11-23T18:45:00.000Z' })] },
      { jobs: [job({ status: 'running', counts: { fetched: 600, stored: 600, pages: 3 } })] },
      {
        jobs: [
          job({
            status: 'done',
            counts: { fetched: 1520, stored: 1520, pages: 8 },
            result: { imported: 1500, updated: 20, days: 0 },
            finishedAt: '2026-11-23T19:00:00.000Z',
          }),
        ],
      },
    ];
    let call = 0;
    const client = renderProgress(async () => answers[Math.min(call++, answers.length - 1)]!);

    const bar = await screen.findByRole('progressbar', { name: 'Strava import' });
    expect(bar).toHaveAttribute('aria-valuetext', '400 activities read · 400 stored · 2 pages');
    expect(bar).toHaveAttribute('aria-valuenow', '26');
    expect(screen.getByText("Strava's 15-minute limit resets at 10:45 AM")).toBeInTheDocument();

    await waitFor(
      () =>
        expect(screen.getByRole('progressbar')).toHaveAttribute(
          'aria-valuetext',
          '600 activities read · 600 stored · 3 pages',
        ),
      { timeout: ACTIVE_POLL_MS * 2 },
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '34');
    await waitFor(
      () => expect(screen.getByText('Strava import finished: 1,500 new, 20 updated.')).toBeInTheDocument(),
      { timeout: ACTIVE_POLL_MS * 2 },
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(client.importJobs).toHaveBeenCalledTimes(3);
  }, 15_000);

  it('shows nothing without jobs, and looks again at once when a sync starts one', async () => {
    let jobs: ImportJob[] = [];
    const client = renderProgress(async () => ({ jobs }));
    await waitFor(() => expect(client.importJobs).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('region', { name: 'Imports' })).not.toBeInTheDocument();

    jobs = [job({ kind: 'backfill', status: 'queued', counts: { fetched: 0, stored: 0, pages: 0 } })];
    notifyImportStarted();
    expect(await screen.findByRole('progressbar', { name: 'Strava history (last 12 months)' })).toBeInTheDocument();
    expect(screen.getByText('Queued')).toBeInTheDocument();
  });

  it('is one poller per screen: the dashboard figures and two progress views ask once per poll', async () => {
    function FinishedCount() {
      const { finished } = useImportJobs();
      return <p>finished {finished}</p>;
    }
    let jobs: ImportJob[] = [job({ status: 'running' })];
    const apiClient = createFakeApiClient({ importJobs: vi.fn(async () => ({ jobs })) });
    const { unmount } = render(
      <TestProviders service={createFakeAuthService(SIGNED_IN_USER)} apiClient={apiClient}>
        <ImportProgress />
        <ImportProgress />
        <FinishedCount />
      </TestProviders>,
    );
    expect(await screen.findAllByRole('progressbar', { name: 'Strava import' })).toHaveLength(2);
    expect(apiClient.importJobs).toHaveBeenCalledTimes(1);

    // One sync started: one look, shared by every view; the finish is counted once.
    jobs = [
      job({ status: 'done', result: { imported: 3, updated: 0, days: 0 }, finishedAt: '2026-11-23T19:00:00.000Z' }),
    ];
    notifyImportStarted();
    await waitFor(() => expect(screen.getByText('finished 1')).toBeInTheDocument());
    expect(screen.getAllByText('Strava import finished: 3 new, 0 updated.')).toHaveLength(2);
    expect(apiClient.importJobs).toHaveBeenCalledTimes(2);

    // Nobody listens any more: the polling stops.
    unmount();
    notifyImportStarted();
    await new Promise((resolve) => setTimeout(resolve, ACTIVE_POLL_MS + 500));
    expect(apiClient.importJobs).toHaveBeenCalledTimes(2);
  }, 15_000);
});
