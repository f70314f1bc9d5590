import { useState } from 'react';
import type { FileImportKind, FileImportSummary } from '@shared/schemas/file-import';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessage } from '@/components/ui/form-message';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { useFileImports, useImportsChanged } from '../hooks/use-file-imports';

const KIND_LABELS: Record<FileImportKind, string> = {
  gpx: 'GPX file',
  tcx: 'TCX file',
  fit: 'FIT file',
  strava_archive: 'Strava export',
  garmin_archive: 'Garmin export',
  apple_export: 'Apple Health export',
};

const importedAtFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

function contents({ activity_count, step_days }: FileImportSummary): string {
  const parts = [`${activity_count.toLocaleString('en-CA')} ${activity_count === 1 ? 'activity' : 'activities'}`];
  if (step_days > 0) parts.push(`${step_days.toLocaleString('en-CA')} ${step_days === 1 ? 'day' : 'days'} of steps`);
  return parts.join(', ');
}

type Asking = { kind: 'one'; entry: FileImportSummary } | { kind: 'all' };

/** The person's imports, newest first, each removable (with what it brought), or all at once; both ask first. */
export function ImportsList() {
  const client = useApiClient();
  const imports = useFileImports();
  const changed = useImportsChanged();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirm = async () => {
    if (!asking) return;
    const question = asking;
    setAsking(null);
    setDeleting(true);
    setFailure(null);
    setDone(null);
    try {
      if (question.kind === 'all') await client.deleteAllFileImports();
      else await client.deleteFileImport(question.entry.import_id);
      setDone(question.kind === 'all' ? 'All your imports were deleted.' : `${question.entry.file_name} was deleted.`);
    } catch (error) {
      setFailure(userMessage(error));
    } finally {
      setDeleting(false);
      changed();
    }
  };

  const list = imports.status === 'success' ? imports.data.imports : [];
  return (
    <section
      aria-labelledby="imports-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="imports-heading" className="text-lg font-semibold text-slate-900">
          Your imports
        </h2>
        {list.length > 0 && (
          <button
            type="button"
            disabled={deleting}
            onClick={() => setAsking({ kind: 'all' })}
            className={buttonStyles.secondary}
          >
            Delete all imports
          </button>
        )}
      </div>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      {done && <FormMessage kind="success">{done}</FormMessage>}
      {imports.status === 'loading' && <Spinner label="Loading your imports" />}
      {imports.status === 'error' && <LoadError error={imports.error} onRetry={imports.reload} />}
      {imports.status === 'success' && list.length === 0 && (
        <p className="text-sm text-slate-600">No imports yet. The files you import appear here, newest first.</p>
      )}
      {list.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {list.map((entry) => (
            <li key={entry.import_id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-all font-medium text-slate-900">{entry.file_name}</p>
                <p className="text-sm text-slate-600">
                  {KIND_LABELS[entry.kind]} · {contents(entry)} ·{' '}
                  <time dateTime={entry.imported_at}>{importedAtFormat.format(new Date(entry.imported_at))}</time>
                </p>
              </div>
              <button
                type="button"
                disabled={deleting}
                onClick={() => setAsking({ kind: 'one', entry })}
                className={`${buttonStyles.ghost} -mr-2 shrink-0`}
                aria-label={`Delete ${entry.file_name}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <ConfirmDialog
          title={asking.kind === 'all' ? 'Delete all imports?' : `Delete ${asking.entry.file_name}?`}
          message={
            asking.kind === 'all'
              ? 'Every activity and day of steps you imported from files will be removed from TrailBuddy. Your files on this device stay as they are.'
              : `The ${contents(asking.entry)} this import brought will be removed from TrailBuddy. The file on this device stays as it is.`
          }
          confirmLabel={asking.kind === 'all' ? 'Delete all' : 'Delete'}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
