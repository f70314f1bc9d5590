import type { ActivityLevelLabel } from '../shared/schemas/metrics';

/** The coarse level facts matching compares (see domain/matching-facts.ts for where they may come from). */
export interface MatchingMetrics {
  activityScore: number;
  activityLevelLabel: ActivityLevelLabel;
  preferredHours: number[];
}
