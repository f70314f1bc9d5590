import type { UnifiedActivity } from '@shared/schemas/activity';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface DashboardStats {
  totalActivities: number;
  /** Activities in the last 7 days (spec: 'This Week' means the last 7 days). */
  thisWeek: number;
  /** Sum of distances in metres / 1000, to one decimal. */
  totalDistanceKm: string;
}

export function dashboardStats(activities: readonly UnifiedActivity[], now: Date): DashboardStats {
  const weekStart = now.getTime() - WEEK_MS;
  const thisWeek = activities.filter((activity) => {
    const start = Date.parse(activity.start_time);
    return start >= weekStart && start <= now.getTime();
  }).length;
  const meters = activities.reduce((sum, activity) => sum + (activity.distance_meters ?? 0), 0);
  return { totalActivities: activities.length, thisWeek, totalDistanceKm: (meters / 1000).toFixed(1) };
}

/** The latest `count` activities, newest first. */
export function latestActivities(activities: readonly UnifiedActivity[], count = 5): UnifiedActivity[] {
  return [...activities].sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time)).slice(0, count);
}
