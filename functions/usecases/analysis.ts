import { buildAnalysis } from '../domain/analysis';
import { isPastRetention } from '../domain/retention';
import { activitiesOfUser } from '../repositories/activities';
import { getMetrics, listDailyAggregates } from '../repositories/metrics';
import type { UnifiedActivity } from '../shared/schemas/activity';
import type { AnalysisRange, AnalysisResponse } from '../shared/schemas/analysis';
import { DEFAULT_TIME_ZONE, type ActivityMetrics, type DailyAggregate } from '../shared/schemas/metrics';

export interface AnalysisDeps {
  listDailyAggregates(userId: string): Promise<DailyAggregate[]>;
  /** The user's raw activities, retention not yet applied. */
  listActivities(userId: string): Promise<UnifiedActivity[]>;
  getMetrics(userId: string): Promise<ActivityMetrics | null>;
}

const dynamoAnalysisDeps: AnalysisDeps = {
  listDailyAggregates: (userId) => listDailyAggregates(userId),
  listActivities: activitiesOfUser,
  getMetrics,
};

/**
 * The caller's analysis. Long-range figures come from the daily aggregates (they outlive the 7-day purge
 * of raw provider data); the recent list from the raw activities still within retention. Metrics are
 * recomputed as of `now` from the same aggregates the last sync stored, so a score never goes stale
 * between syncs; the zone is the one those metrics were computed in.
 */
export async function getAnalysis(userId: string, range: AnalysisRange, now: Date, deps: AnalysisDeps = dynamoAnalysisDeps): Promise<AnalysisResponse> {
  const [aggregates, activities, stored] = await Promise.all([deps.listDailyAggregates(userId), deps.listActivities(userId), deps.getMetrics(userId)]);
  const held = activities.filter((activity) => !isPastRetention(activity.fetched_at, now));
  return buildAnalysis({ range, aggregates, activities: held }, { now, timeZone: stored?.timeZone ?? DEFAULT_TIME_ZONE });
}
