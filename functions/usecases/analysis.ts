import { buildAnalysis } from '../domain/analysis';
import { combineDailyAggregates, reconcileProviderAggregates } from '../domain/metrics-aggregates';
import { isPastRetention, retentionCutoff } from '../domain/retention';
import { activitiesOfUser } from '../repositories/activities';
import { getMetrics, listProviderDailyAggregates } from '../repositories/metrics';
import type { UnifiedActivity } from '../shared/schemas/activity';
import type { AnalysisRange, AnalysisResponse } from '../shared/schemas/analysis';
import { DEFAULT_TIME_ZONE, type ActivityMetrics, type ProviderDailyAggregate } from '../shared/schemas/metrics';
import { fileRecordsOf } from '../repositories/file-imports';
import { activeProviderMap, activeProvidersOf, filePartsFor, type ActiveProvider, type FileRecords } from './metrics';

export interface AnalysisDeps {
  listProviderDailyAggregates(userId: string): Promise<ProviderDailyAggregate[]>;
  /** The user's raw activities, retention not yet applied. */
  listActivities(userId: string): Promise<UnifiedActivity[]>;
  listActiveProviders(userId: string): Promise<ActiveProvider[]>;
  getMetrics(userId: string): Promise<ActivityMetrics | null>;
  /** The outings and step days imported from files; none when not given. */
  listFileRecords?(userId: string): Promise<FileRecords>;
}

const dynamoAnalysisDeps: AnalysisDeps = {
  listProviderDailyAggregates: (userId) => listProviderDailyAggregates(userId),
  listActivities: activitiesOfUser,
  listActiveProviders: activeProvidersOf,
  getMetrics,
  listFileRecords: (userId) => fileRecordsOf(userId),
};

/**
 * The caller's analysis (also the dashboard's figures). Long-range figures come from the daily aggregates (they
 * outlive the 7-day purge of raw provider data); the recent list from the raw activities still within retention.
 * The stored provider parts are reconciled with the raw activities and connections as they are now:
 * a disconnect, a deauthorization or a deletion at the provider shows in every total at once, even before the
 * next recompute has written it. Metrics are recomputed as of `now`; the zone is the one the last metrics used.
 */
export async function getAnalysis(
  userId: string,
  range: AnalysisRange,
  now: Date,
  deps: AnalysisDeps = dynamoAnalysisDeps,
): Promise<AnalysisResponse> {
  const [stored, activities, active, metrics, files] = await Promise.all([
    deps.listProviderDailyAggregates(userId),
    deps.listActivities(userId),
    deps.listActiveProviders(userId),
    deps.getMetrics(userId),
    deps.listFileRecords?.(userId) ?? { activities: [], stepDays: [] },
  ]);
  const timeZone = metrics?.timeZone ?? DEFAULT_TIME_ZONE;
  const held = activities.filter((activity) => !isPastRetention(activity.fetched_at, now));
  const parts = reconcileProviderAggregates({
    stored,
    held,
    activeProviders: activeProviderMap(active),
    retentionCutoff: retentionCutoff(now),
    now,
    timeZone,
  });
  // A read writes nothing: noting covered file outings is the recalculation's job.
  const fileParts = await filePartsFor(userId, { files, held, active, providerParts: parts, timeZone });
  return buildAnalysis(
    {
      range,
      sources: active.map((entry) => entry.provider),
      aggregates: combineDailyAggregates([...parts, ...fileParts]),
      activities: held,
    },
    { now, timeZone },
  );
}
