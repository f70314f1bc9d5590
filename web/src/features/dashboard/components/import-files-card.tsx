import { Link } from 'react-router-dom';
import { buttonStyles } from '@/components/ui/button-styles';
import { paths } from '@/lib/paths';

/** The welcome's other way in, beside connecting a provider: the person's own files, read on their device. */
export function ImportFilesCard() {
  return (
    <section
      aria-labelledby="import-files-heading"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="import-files-heading" className="text-lg font-semibold text-slate-900">
          Import your history from files
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          No fitness app to connect, or years of outings from before? Bring them in from GPX, FIT and TCX files or a
          whole Strava, Garmin or Apple Health export. Files are read on this device; only summaries are sent.
        </p>
      </div>
      <Link to={paths.fileImports} className={`${buttonStyles.primary} shrink-0`}>
        Import files
      </Link>
    </section>
  );
}
