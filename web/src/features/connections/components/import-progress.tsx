import type { ImportJob } from '@shared/schemas/import-jobs';
import { DEFAULT_TIME_ZONE } from '@shared/schemas/metrics-plain';
import { PROVIDER_NAMES } from '@/features/connections/utils/providers';
import { isActiveJob, useImportJobs } from '@/features/connections/hooks/use-import-jobs';

const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: DEFAULT_TIME_ZONE });
const count = new Intl.NumberFormat('en-US');

/** What a waiting job waits for, in the app's time zone, e.g. "Strava's 15-minute limit resets at 10:45 AM". */
export function waitingText(job: Pick<ImportJob, 'provider' | 'reason' | 'waitingUntil'>): string {
  const name = PROVIDER_NAMES[job.provider];
  const at = job.waitingUntil ? clockTime.format(new Date(job.waitingUntil)) : null;
  if (job.reason === 'rate_limit_15min')
    return at ? `${name}'s 15-minute limit resets at ${at}` : `Waiting for ${name}'s 15-minute limit`;
  if (job.reason === 'rate_limit_daily')
    return at ? `${name}'s daily limit resets at ${at}` : `Waiting for ${name}'s daily limit`;
  return at ? `Trying again at ${at}` : 'Waiting to try again';
}

export function jobTitle(job: Pick<ImportJob, 'provider' | 'kind'>): string {
  const name = PROVIDER_NAMES[job.provider];
  return job.kind === 'import' ? `${name} import` : `${name} history (last 12 months)`;
}

/** The counts line under the bar. */
export function countsText(job: Pick<ImportJob, 'kind' | 'counts'>): string {
  const { fetched, stored, pages } = job.counts;
  const read = `${count.format(fetched)} ${fetched === 1 ? 'activity' : 'activities'} read`;
  const kept =
    job.kind === 'import'
      ? `${count.format(stored)} stored`
      : `${count.format(stored)} active ${stored === 1 ? 'day' : 'days'}`;
  return `${read} · ${kept} · ${count.format(pages)} ${pages === 1 ? 'page' : 'pages'}`;
}

/** The line a finished job leaves. */
export function resultText(job: ImportJob): string {
  if (job.status === 'failed') return `${jobTitle(job)} failed: ${job.error?.message ?? 'please try again.'}`;
  const result = job.result ?? { imported: 0, updated: 0, days: 0 };
  if (job.kind === 'backfill')
    return `${jobTitle(job)} added: ${count.format(result.days)} active ${result.days === 1 ? 'day' : 'days'}.`;
  return `${jobTitle(job)} finished: ${count.format(result.imported)} new, ${count.format(result.updated)} updated.`;
}

/** How full the bar is, in percent: no total is known before the last page, so it fills toward the end page by page. */
export function barFill(job: Pick<ImportJob, 'counts'>): number {
  return Math.min(95, 10 + job.counts.pages * 8);
}

function statusText(job: ImportJob): string {
  if (job.status === 'waiting') return waitingText(job);
  if (job.status === 'queued') return 'Queued';
  return 'Importing…';
}

/**
 * The background imports — a progress bar with counts and what a job waits for while it runs, a result
 * line once it is done. Nothing is shown to someone with no jobs.
 */
export function ImportProgress({ className = '' }: { className?: string }) {
  const { state } = useImportJobs();
  if (state.status !== 'ready' || state.jobs.length === 0) return null;
  const active = state.jobs.filter(isActiveJob);
  const finished = state.jobs.filter((job) => !isActiveJob(job));
  return (
    <section aria-label="Imports" className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}>
      <h2 className="text-base font-semibold text-slate-900">Imports</h2>
      <ul className="mt-2 flex flex-col gap-3">
        {active.map((job) => (
          <li key={job.id} data-testid={`import-job-${job.provider}-${job.kind}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium text-slate-900">{jobTitle(job)}</span>
              <span className={job.status === 'waiting' ? 'text-amber-800' : 'text-slate-600'} aria-live="polite">
                {statusText(job)}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={jobTitle(job)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={barFill(job)}
              aria-valuetext={countsText(job)}
              className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-100"
            >
              <div
                className={`h-full rounded-full ${job.status === 'waiting' ? 'bg-amber-400' : 'bg-brand-600 motion-safe:animate-pulse'}`}
                style={{ width: `${barFill(job)}%` }}
              />
            </div>
            <p className="mt-1 text-xs text-slate-600">{countsText(job)}</p>
          </li>
        ))}
        {finished.map((job) => (
          <li
            key={job.id}
            data-testid={`import-result-${job.provider}-${job.kind}`}
            className={`text-sm ${job.status === 'failed' ? 'text-red-700' : 'text-slate-700'}`}
          >
            {resultText(job)}
          </li>
        ))}
      </ul>
    </section>
  );
}
