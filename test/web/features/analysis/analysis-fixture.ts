import { buildAnalysis } from '@shared/analysis/analysis';
import { buildDailyAggregates } from '@shared/analysis/daily-aggregates';
import type { UnifiedActivity } from '@shared/schemas/activity';
import type { AnalysisRange, AnalysisResponse } from '@shared/schemas/analysis';

export const VIEWER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What GET /api/analysis answers for these activities (all still held), computed as the server does. */
export function analysisOf(
  activities: readonly UnifiedActivity[],
  range: AnalysisRange = 'all',
  now = new Date(),
  timeZone = VIEWER_TIME_ZONE,
): AnalysisResponse {
  return buildAnalysis(
    {
      range,
      sources: new Set(activities.map((activity) => activity.provider_type)),
      aggregates: buildDailyAggregates(activities, timeZone),
      activities,
    },
    { now, timeZone },
  );
}
