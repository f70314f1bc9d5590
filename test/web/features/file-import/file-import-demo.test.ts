import { describe, expect, it } from 'vitest';
import type { FileActivitySummary, FileImportBatch } from '@shared/schemas/file-import';
import { createFileImportDemoApi } from '@/features/file-import/demo/file-import-demo';
import { ApiError } from '@/lib/api/api-error';

const activity = (start: string): FileActivitySummary => ({
  activity_type: 'run',
  start_time: start,
  utc_offset_minutes: null,
  duration_seconds: 1800,
  moving_seconds: null,
  distance_meters: 5000,
  elevation_gain_meters: null,
  calories_burned: null,
  heart_rate_avg: null,
});

const batch = (importId: string, index: number, starts: string[], overrides: Partial<FileImportBatch> = {}) => ({
  import_id: importId,
  batch_index: index,
  file_name: `${importId.slice(0, 4)}.gpx`,
  kind: 'gpx' as const,
  activities: starts.map(activity),
  daily_steps: [],
  ...overrides,
});

const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';

function demo() {
  let clock = Date.parse('2026-11-29T10:00:00Z');
  return createFileImportDemoApi({
    now: () => new Date((clock += 60_000)),
    origin: 'http://localhost',
    storage: sessionStorage,
    wait: async () => {},
  });
}

describe('file imports in demo mode', () => {
  it('answers a batch sent again as it did the first time, and lists each import once, newest first', async () => {
    const api = demo();
    const sent = batch(FIRST, 0, ['2026-06-01T10:00:00Z', '2026-06-02T10:00:00Z']);
    expect(await api.sendFileImportBatch(sent)).toEqual({ import_id: FIRST, new: 2, already_here: 0, step_days: 0 });
    expect(await api.sendFileImportBatch(sent)).toEqual({ import_id: FIRST, new: 2, already_here: 0, step_days: 0 });
    await api.sendFileImportBatch(batch(SECOND, 0, ['2026-06-02T10:00:00Z', '2026-06-03T10:00:00Z']));

    const { imports } = await api.fileImports();
    expect(imports.map((entry) => [entry.import_id, entry.activity_count])).toEqual([
      [SECOND, 1],
      [FIRST, 2],
    ]);
  });

  it('counts an outing another import brought as already here', async () => {
    const api = demo();
    await api.sendFileImportBatch(batch(FIRST, 0, ['2026-06-01T10:00:00Z']));
    expect(
      await api.sendFileImportBatch(batch(SECOND, 0, ['2026-06-01T10:00:00Z', '2026-06-05T10:00:00Z'])),
    ).toMatchObject({ new: 1, already_here: 1 });
  });

  it('deletes one import, then all, and says when an import is not there', async () => {
    const api = demo();
    await api.sendFileImportBatch(batch(FIRST, 0, ['2026-06-01T10:00:00Z']));
    await api.sendFileImportBatch(batch(SECOND, 0, ['2026-06-02T10:00:00Z']));
    await api.deleteFileImport(FIRST);
    expect((await api.fileImports()).imports.map((entry) => entry.import_id)).toEqual([SECOND]);
    await expect(api.deleteFileImport(FIRST)).rejects.toBeInstanceOf(ApiError);
    await api.deleteAllFileImports();
    expect(await api.fileImports()).toEqual({ imports: [] });
  });
});
