import type { LastIngest } from '@shared/schemas/connections';
import {
  formatReceivedAt,
  ingestCountsText,
  NO_INGEST_YET,
  problemsSummary,
  problemText,
} from '@/features/connections/utils/last-ingest';

/** The Apple Health card's line about the last export the Shortcut sent, and what in it could not be read. */
export function AppleLastIngest({ lastIngest }: { lastIngest: LastIngest | null | undefined }) {
  if (!lastIngest)
    return (
      <p className="mt-3 text-sm text-slate-600" data-testid="apple-last-ingest">
        {NO_INGEST_YET}
      </p>
    );
  const hidden = lastIngest.problemCount - lastIngest.problems.length;
  return (
    <div className="mt-3 text-sm" data-testid="apple-last-ingest">
      <p className="text-slate-700">
        Last data received <time dateTime={lastIngest.receivedAt}>{formatReceivedAt(lastIngest.receivedAt)}</time>:{' '}
        {ingestCountsText(lastIngest)}
      </p>
      {lastIngest.refused && <p className="mt-1 break-words text-amber-900">{lastIngest.refused}</p>}
      {lastIngest.problemCount > 0 && (
        <details className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
          <summary className="cursor-pointer font-medium">{problemsSummary(lastIngest)}</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {lastIngest.problems.map((problem) => (
              <li key={`${problem.list}-${problem.index}-${problem.kind}`} className="break-words">
                {problemText(problem)}
              </li>
            ))}
            {hidden > 0 && <li>and {hidden} more</li>}
          </ul>
        </details>
      )}
    </div>
  );
}
