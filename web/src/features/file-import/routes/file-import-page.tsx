import { Link } from 'react-router-dom';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/lib/paths';
import { FileDropZone } from '../components/file-drop-zone';
import { FileRunItem } from '../components/file-run-item';
import { ImportsList } from '../components/imports-list';
import { useImportsChanged } from '../hooks/use-file-imports';
import { useFileImportRun } from '../hooks/use-file-import-run';
import { addCounts, NO_COUNTS, resultLine } from '../utils/batches';
import { createFileImportWorker, type CreateFileImportWorker } from '../utils/file-import-worker';

/** What the screen promises about the files, word for word (the privacy terms say the same). */
export const FILES_STAY_ON_DEVICE =
  'Your files are read on this device. Only summaries (type, start, duration, distance, elevation, calories, heart rate, daily steps) are sent; routes and GPS points never leave your device.';

interface FileImportScreenProps {
  createWorker?: CreateFileImportWorker;
  wait?: (ms: number) => Promise<void>;
}

/** Your history from files: choose or drop files, watch each one read and saved, and manage what you imported. */
export function FileImportScreen({ createWorker = createFileImportWorker, wait }: FileImportScreenProps) {
  const changed = useImportsChanged();
  const { runs, add, cancel, clearFinished } = useFileImportRun({ createWorker, wait, onImported: changed });
  const finished = runs.filter((run) => run.stage === 'done');
  const busy = runs.some((run) => run.stage === 'waiting' || run.stage === 'reading' || run.stage === 'sending');

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Your history from files"
        description="Bring in past activities from the files your watch, bike computer or fitness app saved."
        actions={
          <Link to={paths.profile} className={buttonStyles.secondary}>
            Back to profile
          </Link>
        }
      />
      <p className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        {FILES_STAY_ON_DEVICE}
      </p>
      <section aria-labelledby="choose-heading" className="space-y-4">
        <h2 id="choose-heading" className="sr-only">
          Choose files
        </h2>
        <FileDropZone onFiles={add} />
        {runs.length > 0 && (
          <>
            <ul aria-label="Chosen files" className="space-y-3">
              {runs.map((run) => (
                <FileRunItem key={run.id} run={run} onCancel={() => cancel(run.id)} />
              ))}
            </ul>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p role="status" className="text-sm font-semibold text-slate-900">
                {finished.length > 1 && !busy
                  ? `All files: ${resultLine(finished.map((run) => run.counts).reduce(addCounts, NO_COUNTS))}`
                  : ''}
              </p>
              {!busy && (
                <button type="button" onClick={clearFinished} className={`${buttonStyles.ghost} -mx-4 sm:mx-0`}>
                  Clear this list
                </button>
              )}
            </div>
          </>
        )}
      </section>
      <ImportsList />
    </PageContainer>
  );
}

export default function FileImportPage() {
  return <FileImportScreen />;
}
