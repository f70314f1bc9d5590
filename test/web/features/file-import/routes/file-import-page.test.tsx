import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FileActivitySummary, FileImportBatch, FileImportSummary } from '@shared/schemas/file-import';
import { FileImportScreen, FILES_STAY_ON_DEVICE } from '@/features/file-import/routes/file-import-page';
import type { FileImportWorker } from '@/features/file-import/utils/file-import-worker';
import { handleFileImportMessages, type FileImportReply, type FileImportRequest } from '@/features/file-import/worker';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';

/** A worker the test answers for, message by message. */
function scriptedWorker() {
  const requests: FileImportRequest[] = [];
  const worker: FileImportWorker = {
    onmessage: null,
    onerror: null,
    postMessage: (request) => requests.push(request),
    terminate: vi.fn(),
  };
  const reply = (message: FileImportReply) => worker.onmessage?.({ data: message } as MessageEvent<FileImportReply>);
  return { worker, requests, reply };
}

/** jsdom's File has no arrayBuffer() or stream(); its FileReader reads it. */
const bytesOf = (file: File) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });

/** The real worker module's parsing on the test's thread: the file as a Node File, which streams like a browser's. */
function realCoreWorker(): FileImportWorker {
  const listeners: ((event: MessageEvent<FileImportRequest>) => void)[] = [];
  let order = Promise.resolve();
  const worker: FileImportWorker = {
    onmessage: null,
    onerror: null,
    postMessage(request) {
      order = order.then(async () => {
        const data =
          request.kind === 'parse'
            ? {
                kind: 'parse' as const,
                file: new NodeFile([new Uint8Array(await bytesOf(request.file))], request.file.name) as unknown as File,
              }
            : request;
        for (const listener of listeners) listener({ data } as MessageEvent<FileImportRequest>);
      });
    },
    terminate: vi.fn(),
  };
  handleFileImportMessages({
    postMessage: (reply) => worker.onmessage?.({ data: reply } as MessageEvent<FileImportReply>),
    addEventListener: (_type, listener) => listeners.push(listener),
  });
  return worker;
}

const activity = (minute: number): FileActivitySummary => ({
  activity_type: 'run',
  start_time: new Date(Date.UTC(2026, 5, 1) + minute * 60_000).toISOString(),
  utc_offset_minutes: null,
  duration_seconds: 1800,
  moving_seconds: null,
  distance_meters: 5000,
  elevation_gain_meters: null,
  calories_burned: null,
  heart_rate_avg: null,
});
const activities = (count: number) => Array.from({ length: count }, (_, i) => activity(i));

const summary = (overrides: Partial<FileImportSummary> = {}): FileImportSummary => ({
  import_id: '7d0c4e1a-3a8b-4c55-9d55-1f0c2b3a4d5e',
  file_name: 'export.zip',
  kind: 'strava_archive',
  imported_at: '2026-11-28T10:00:00.000Z',
  activity_count: 312,
  step_days: 0,
  ...overrides,
});

/** Answers each batch with every activity new except the first of it, already here. */
const answerBatch = async (batch: FileImportBatch) => ({
  import_id: batch.import_id,
  new: Math.max(0, batch.activities.length - 1),
  already_here: Math.min(1, batch.activities.length),
  step_days: batch.daily_steps.length,
});

function renderScreen(worker: FileImportWorker | (() => FileImportWorker), overrides: Partial<ApiClient> = {}) {
  const apiClient = createFakeApiClient({
    fileImports: vi.fn(async () => ({ imports: [] })),
    sendFileImportBatch: vi.fn(answerBatch),
    deleteFileImport: vi.fn(async () => {}),
    deleteAllFileImports: vi.fn(async () => {}),
    ...overrides,
  });
  const createWorker = typeof worker === 'function' ? worker : () => worker;
  renderRoutes(
    [{ path: '/profile/files', element: <FileImportScreen createWorker={createWorker} wait={async () => {}} /> }],
    {
      path: '/profile/files',
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient,
    },
  );
  return apiClient;
}

const fileOfSize = (name: string, size: number) => new File([new Uint8Array(size)], name);
const choose = async (...files: File[]) => userEvent.upload(screen.getByLabelText('Activity files'), files);

describe('FileImportScreen', () => {
  it('says the files are read on this device and only summaries are sent', async () => {
    renderScreen(scriptedWorker().worker);
    expect(screen.getByText(FILES_STAY_ON_DEVICE)).toBeInTheDocument();
    expect(FILES_STAY_ON_DEVICE).toContain('routes and GPS points never leave your device');
    expect(await screen.findByText(/No imports yet/)).toBeInTheDocument();
  });

  it('shows each file’s progress as the worker reads it, then the result line from the server’s answers', async () => {
    const { worker, requests, reply } = scriptedWorker();
    const api = renderScreen(worker);
    await choose(fileOfSize('ride.gpx', 2_000_000));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ kind: 'parse', file: { name: 'ride.gpx' } });

    reply({ kind: 'progress', progress: { bytesRead: 1_000_000, activitiesFound: 0 } });
    reply({ kind: 'progress', progress: { bytesRead: 1_000_000, activitiesFound: 3 } });
    expect(await screen.findByText('1.0 MB of 2.0 MB read · 3 activities found')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /ride\.gpx/ })).toHaveAttribute('aria-valuenow', '50');

    reply({ kind: 'done', result: { activities: activities(3), dailySteps: [], skipped: [] }, fileKind: 'gpx' });
    expect(await screen.findByText('3 activities found: 2 new, 1 already here')).toBeInTheDocument();
    expect(api.sendFileImportBatch).toHaveBeenCalledTimes(1);
    expect(vi.mocked(api.sendFileImportBatch).mock.calls[0]![0]).toMatchObject({
      batch_index: 0,
      file_name: 'ride.gpx',
      kind: 'gpx',
    });
    // The list of imports reads again once something was saved.
    await waitFor(() => expect(api.fileImports).toHaveBeenCalledTimes(2));
  });

  it('stops reading on Cancel and sends nothing', async () => {
    const { worker, requests, reply } = scriptedWorker();
    const api = renderScreen(worker);
    await choose(fileOfSize('big.fit', 1000));
    await waitFor(() => expect(requests).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel big.fit' }));
    expect(requests[1]).toEqual({ kind: 'cancel' });
    reply({ kind: 'error', code: 'cancelled', message: 'The import was cancelled.' });
    expect(await screen.findByText('Cancelled: nothing from this file was saved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel big.fit' })).not.toBeInTheDocument();
    expect(api.sendFileImportBatch).not.toHaveBeenCalled();
  });

  it('sends a file in batches of 500 under one import_id, a new one for the next file, and sums the answers', async () => {
    const { worker, requests, reply } = scriptedWorker();
    const api = renderScreen(worker);
    await choose(fileOfSize('export.zip', 10), fileOfSize('one.tcx', 10));
    await waitFor(() => expect(requests).toHaveLength(1));
    reply({
      kind: 'done',
      result: { activities: activities(1203), dailySteps: [], skipped: [] },
      fileKind: 'strava_archive',
    });
    expect(await screen.findByText('1,203 activities found: 1,200 new, 3 already here')).toBeInTheDocument();

    const batches = vi.mocked(api.sendFileImportBatch).mock.calls.map(([batch]) => batch);
    expect(batches.map((batch) => [batch.batch_index, batch.activities.length])).toEqual([
      [0, 500],
      [1, 500],
      [2, 203],
    ]);
    expect(new Set(batches.map((batch) => batch.import_id)).size).toBe(1);
    expect(batches.flatMap((batch) => batch.activities)).toEqual(activities(1203));
    expect(batches.every((batch) => batch.kind === 'strava_archive')).toBe(true);

    await waitFor(() => expect(requests).toHaveLength(2));
    reply({ kind: 'done', result: { activities: activities(2), dailySteps: [], skipped: [] }, fileKind: 'tcx' });
    expect(await screen.findByText('2 activities found: 1 new, 1 already here')).toBeInTheDocument();
    const second = vi.mocked(api.sendFileImportBatch).mock.calls[3]![0];
    expect(second.import_id).not.toBe(batches[0]!.import_id);
    expect(second.batch_index).toBe(0);
    expect(screen.getByText('All files: 1,205 activities found: 1,201 new, 4 already here')).toBeInTheDocument();
  });

  it('sends a failed batch again, the same batch, and counts it once', async () => {
    const { worker, requests, reply } = scriptedWorker();
    const send = vi
      .fn<ApiClient['sendFileImportBatch']>()
      .mockRejectedValueOnce(new ApiError(0, 'network_error', 'Could not reach TrailBuddy.'))
      .mockImplementation(answerBatch);
    renderScreen(worker, { sendFileImportBatch: send });
    await choose(fileOfSize('ride.gpx', 10));
    await waitFor(() => expect(requests).toHaveLength(1));
    reply({ kind: 'done', result: { activities: activities(4), dailySteps: [], skipped: [] }, fileKind: 'gpx' });
    expect(await screen.findByText('4 activities found: 3 new, 1 already here')).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toEqual(send.mock.calls[0]![0]);
  });

  it('does not resend a batch the server refused, and says nothing was saved', async () => {
    const { worker, requests, reply } = scriptedWorker();
    const send = vi
      .fn<ApiClient['sendFileImportBatch']>()
      .mockRejectedValue(new ApiError(400, 'validation_failed', 'The request body is invalid.'));
    renderScreen(worker, { sendFileImportBatch: send });
    await choose(fileOfSize('ride.gpx', 10));
    await waitFor(() => expect(requests).toHaveLength(1));
    reply({ kind: 'done', result: { activities: activities(1), dailySteps: [], skipped: [] }, fileKind: 'gpx' });
    expect(
      await screen.findByText(/The request body is invalid\. Nothing from this file was saved\./),
    ).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('shows why a file could not be read, and lists the files an archive passed over', async () => {
    const { worker, requests, reply } = scriptedWorker();
    renderScreen(worker);
    await choose(fileOfSize('notes.gpx', 10), fileOfSize('garmin.zip', 10));
    await waitFor(() => expect(requests).toHaveLength(1));
    reply({ kind: 'error', code: 'malformed', message: 'notes.gpx is not a GPX file.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.gpx is not a GPX file.');

    await waitFor(() => expect(requests).toHaveLength(2));
    reply({
      kind: 'done',
      result: {
        activities: activities(2),
        dailySteps: [],
        skipped: [{ name: 'activities/9.fit', message: '9.fit is cut off.' }],
      },
      fileKind: 'garmin_archive',
    });
    expect(await screen.findByText('activities/9.fit: 9.fit is cut off.')).toBeInTheDocument();
    expect(screen.getByText(/One file in this archive could not be read and was left out/)).toBeInTheDocument();
  });

  it('reads a real GPX file with the worker’s parsing and sends its summary, never its points', async () => {
    const api = renderScreen(realCoreWorker);
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>hiking</type><trkseg>
<trkpt lat="49.3" lon="-123.1"><ele>100</ele><time>2026-07-04T16:00:00Z</time></trkpt>
<trkpt lat="49.31" lon="-123.1"><ele>150</ele><time>2026-07-04T16:30:00Z</time></trkpt>
</trkseg></trk></gpx>`;
    await choose(new File([gpx], 'Morning_Hike.gpx'));
    expect(await screen.findByText('1 activity found: 0 new, 1 already here')).toBeInTheDocument();
    const batch = vi.mocked(api.sendFileImportBatch).mock.calls[0]![0];
    expect(batch).toMatchObject({ kind: 'gpx', file_name: 'Morning_Hike.gpx', batch_index: 0 });
    expect(batch.activities).toEqual([
      expect.objectContaining({
        activity_type: 'hike',
        start_time: '2026-07-04T16:00:00.000Z',
        duration_seconds: 1800,
      }),
    ]);
    expect(JSON.stringify(batch)).not.toContain('49.3');
  });

  it('lists the imports, and deletes one or all only after confirming', async () => {
    const older = summary({
      import_id: '0a0c4e1a-3a8b-4c55-9d55-1f0c2b3a4d5e',
      file_name: 'old.fit',
      kind: 'fit',
      activity_count: 1,
    });
    const api = renderScreen(scriptedWorker().worker, {
      fileImports: vi.fn(async () => ({ imports: [summary({ step_days: 40 }), older] })),
    });
    expect(await screen.findByText('export.zip')).toBeInTheDocument();
    expect(screen.getByText(/Strava export · 312 activities, 40 days of steps/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete old.fit' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete old.fit?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.deleteFileImport).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete old.fit' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(api.deleteFileImport).toHaveBeenCalledWith(older.import_id);
    expect(await screen.findByText('old.fit was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(api.fileImports).toHaveBeenCalledTimes(2));

    await userEvent.click(screen.getByRole('button', { name: 'Delete all imports' }));
    expect(api.deleteAllFileImports).not.toHaveBeenCalled();
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete all imports?' })).getByRole('button', {
        name: 'Delete all',
      }),
    );
    expect(api.deleteAllFileImports).toHaveBeenCalledTimes(1);
  });

  it('says when the list of imports could not load, and tries again', async () => {
    const fileImports = vi
      .fn<ApiClient['fileImports']>()
      .mockRejectedValueOnce(new ApiError(500, 'internal_error', 'boom'))
      .mockResolvedValue({ imports: [] });
    renderScreen(scriptedWorker().worker, { fileImports });
    await userEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/No imports yet/)).toBeInTheDocument();
  });
});
