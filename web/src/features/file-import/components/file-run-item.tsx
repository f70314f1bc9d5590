import { buttonStyles } from '@/components/ui/button-styles';
import type { FileRun } from '../hooks/use-file-import-run';
import { resultLine } from '../utils/batches';

const megabytes = (bytes: number) =>
  `${(bytes / 1_000_000).toLocaleString('en-CA', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

function stageText(run: FileRun): string {
  switch (run.stage) {
    case 'waiting':
      return 'Waiting';
    case 'reading':
      return `${megabytes(run.bytesRead)} of ${megabytes(run.size)} read · ${run.activitiesFound.toLocaleString('en-CA')} ${
        run.activitiesFound === 1 ? 'activity' : 'activities'
      } found`;
    case 'sending':
      return `Saving summaries: ${run.batchesSent} of ${run.batchesTotal} ${run.batchesTotal === 1 ? 'batch' : 'batches'}`;
    case 'cancelled':
      return run.batchesSent > 0
        ? `Stopped after ${run.batchesSent} of ${run.batchesTotal} batches: what was saved is in your imports below`
        : 'Cancelled: nothing from this file was saved';
    default:
      return '';
  }
}

/** One chosen file: its progress while read and sent, then what it brought or why it could not be read. */
export function FileRunItem({ run, onCancel }: { run: FileRun; onCancel: () => void }) {
  const active = run.stage === 'waiting' || run.stage === 'reading' || run.stage === 'sending';
  const fraction =
    run.stage === 'reading'
      ? run.size > 0
        ? run.bytesRead / run.size
        : 0
      : run.stage === 'sending'
        ? run.batchesSent / Math.max(1, run.batchesTotal)
        : 1;
  return (
    <li
      className={`space-y-2 rounded-xl border bg-white p-4 ${run.stage === 'failed' ? 'border-red-200' : 'border-slate-200'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{run.name}</p>
          {run.stage !== 'done' && run.stage !== 'failed' && <p className="text-sm text-slate-600">{stageText(run)}</p>}
        </div>
        {active && (
          <button type="button" onClick={onCancel} className={buttonStyles.secondary} aria-label={`Cancel ${run.name}`}>
            Cancel
          </button>
        )}
      </div>
      {(run.stage === 'reading' || run.stage === 'sending') && (
        <div
          role="progressbar"
          aria-label={`${run.name}: ${run.stage === 'reading' ? 'reading' : 'saving'}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(fraction * 100)}
          className="h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${fraction * 100}%` }}
          />
        </div>
      )}
      {run.stage === 'done' && <p className="text-sm font-semibold text-brand-800">{resultLine(run.counts)}</p>}
      {run.stage === 'failed' && run.error && (
        <p role="alert" className="text-sm text-red-700">
          {run.error}
        </p>
      )}
      {run.skipped.length > 0 && run.stage !== 'reading' && (
        <div className="text-sm text-slate-700">
          <p>
            {run.skipped.length === 1 ? 'One file' : `${run.skipped.length} files`} in this archive could not be read
            and
            {run.skipped.length === 1 ? ' was' : ' were'} left out:
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {run.skipped.map((skipped) => (
              <li key={skipped.name} className="break-words">
                {skipped.name}: {skipped.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
