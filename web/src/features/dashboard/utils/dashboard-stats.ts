import type { UnifiedActivity } from '@shared/schemas/activity';
import type { AnalysisResponse } from '@shared/schemas/analysis';

export interface DashboardStats {
  totalActivities: number;
  /** Activities in the last 7 days (spec: 'This Week' means the last 7 days), today included. */
  thisWeek: number;
  /** Sum of distances in metres / 1000, to one decimal. */
  totalDistanceKm: string;
}

export function dashboardStats(analysis: Pick<AnalysisResponse, 'allTime' | 'lastSevenDays'>): DashboardStats {
  return {
    totalActivities: analysis.allTime.sessions,
    thisWeek: analysis.lastSevenDays.sessions,
    totalDistanceKm: (analysis.allTime.distanceMeters / 1000).toFixed(1),
  };
}

/** The latest `count` activities, newest first. */
export function latestActivities(activities: readonly UnifiedActivity[], count = 5): UnifiedActivity[] {
  return [...activities].sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time)).slice(0, count);
}
