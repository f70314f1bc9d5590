import type { FileImportBatchResult, FileImportSummary } from '@shared/schemas/file-import';
import type { FileImportApi } from '../api/file-import-api';
import { ApiError } from '@/lib/api/api-error';
import type { DemoContext } from '@/lib/demo/demo-context';

/** Demo sends answer after a short pause, so the screen's sending state shows as it would. */
export const DEMO_BATCH_DELAY_MS = 150;

interface DemoImport extends FileImportSummary {
  /** The outings this import brought, as `type|start` (what makes one the same outing as another). */
  outings: Set<string>;
  stepDays: Set<string>;
}

/**
 * Imports from files in demo mode: held in memory for the page's life, answered as the server does (a batch sent again
 * changes nothing; an outing already brought by another import is "already here"; newest first).
 */
export function createFileImportDemoApi({ now, wait }: DemoContext): FileImportApi {
  const imports = new Map<string, DemoImport>();
  const answered = new Map<string, FileImportBatchResult>();

  const known = (outing: string) => [...imports.values()].some((stored) => stored.outings.has(outing));

  return {
    async fileImports() {
      const list = [...imports.values()]
        .map(({ outings: _outings, stepDays: _stepDays, ...summary }) => summary)
        .sort((a, b) => b.imported_at.localeCompare(a.imported_at));
      return { imports: list };
    },

    async sendFileImportBatch(batch) {
      await wait(DEMO_BATCH_DELAY_MS);
      const key = `${batch.import_id}#${batch.batch_index}`;
      const earlier = answered.get(key);
      if (earlier) return earlier;
      const stored: DemoImport = imports.get(batch.import_id) ?? {
        import_id: batch.import_id,
        file_name: batch.file_name,
        kind: batch.kind,
        imported_at: now().toISOString(),
        activity_count: 0,
        step_days: 0,
        outings: new Set(),
        stepDays: new Set(),
      };
      let fresh = 0;
      let alreadyHere = 0;
      for (const activity of batch.activities) {
        const outing = `${activity.activity_type}|${activity.start_time}`;
        if (known(outing) || stored.outings.has(outing)) {
          alreadyHere += 1;
        } else {
          stored.outings.add(outing);
          fresh += 1;
        }
      }
      for (const day of batch.daily_steps) stored.stepDays.add(day.date);
      stored.activity_count = stored.outings.size;
      stored.step_days = stored.stepDays.size;
      imports.set(batch.import_id, stored);
      const result = {
        import_id: batch.import_id,
        new: fresh,
        already_here: alreadyHere,
        step_days: batch.daily_steps.length,
      };
      answered.set(key, result);
      return result;
    },

    async deleteFileImport(importId) {
      if (!imports.delete(importId)) throw new ApiError(404, 'not_found', 'That import is not here any more.');
      for (const key of [...answered.keys()]) if (key.startsWith(`${importId}#`)) answered.delete(key);
    },

    async deleteAllFileImports() {
      imports.clear();
      answered.clear();
    },
  };
}
