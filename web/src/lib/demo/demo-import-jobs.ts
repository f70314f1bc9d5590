import type { ProviderType } from '@shared/schemas/activity';
import type { ImportJob } from '@shared/schemas/import-jobs';

/** A finished import or backfill job of the demo, shaped as GET /api/connections/jobs sends it. */
export function finishedDemoImportJob(
  provider: ProviderType,
  kind: ImportJob['kind'],
  at: string,
  fetched: number,
  result: NonNullable<ImportJob['result']>,
): ImportJob {
  return {
    id: `demo-${provider}-${kind}`,
    provider,
    kind,
    status: 'done',
    counts: { fetched, stored: kind === 'import' ? fetched : result.days, pages: 1 },
    waitingUntil: null,
    reason: null,
    result,
    error: null,
    createdAt: at,
    updatedAt: at,
    finishedAt: at,
  };
}
