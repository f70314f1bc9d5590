import type { QueryClient } from '@tanstack/react-query';
import type { AnalysisRange } from '@shared/schemas/analysis';

/**
 * The keys of the server data screens read (TanStack Query: ./server-query). Each starts with its resource, so a
 * change invalidates a resource with its first part (`queryKeys.rides.all`): every list of it on the screen (an
 * activity's rides, the plan page's transportation, the dashboard's Find Rides) fetches again without a reload.
 */
export const queryKeys = {
  profile: ['profile'] as const,
  emailPreferences: ['email-preferences'] as const,
  push: {
    config: ['push', 'config'] as const,
    /** What this browser's push subscription receives (null: none, or the server does not know it). */
    thisDevice: ['push', 'this-device'] as const,
  },
  connections: ['connections'] as const,
  /** The connections as one reader keeps them (each its own shape of the one response). */
  connectionsAs: (shape: 'active' | 'strava' | 'health') => ['connections', shape] as const,
  importJobs: ['import-jobs'] as const,
  fileImports: ['file-imports'] as const,
  stravaUsage: ['strava-usage'] as const,
  unreadCounts: ['notifications', 'unread-counts'] as const,
  notifications: {
    all: ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
  },
  activities: {
    all: ['activities'] as const,
    list: (filters: unknown, connected: boolean) => ['activities', 'list', { filters, connected }] as const,
  },
  analysis: {
    all: ['analysis'] as const,
    range: (range: AnalysisRange) => ['analysis', range] as const,
  },
  rides: {
    all: ['rides'] as const,
    mine: () => ['rides', 'mine'] as const,
    ofActivity: (activityId: string) => ['rides', 'activity', activityId] as const,
  },
  groupActivities: {
    all: ['group-activities'] as const,
    one: (activityId: string) => ['group-activities', 'one', activityId] as const,
    mine: () => ['group-activities', 'mine'] as const,
    /** The dashboard's few soonest, of the user's and nearby. */
    upcoming: () => ['group-activities', 'upcoming'] as const,
    nearby: (area: string | undefined) => ['group-activities', 'nearby', area ?? null] as const,
  },
  partners: {
    all: ['partners'] as const,
    search: (filters: unknown) => ['partners', 'search', filters] as const,
    connections: () => ['partners', 'connections'] as const,
    profile: (userId: string) => ['partners', 'profile', userId] as const,
  },
  conversations: {
    all: ['conversations'] as const,
    list: () => ['conversations', 'list'] as const,
    thread: (userId: string) => ['conversations', 'thread', userId] as const,
  },
  moderationReports: ['moderation-reports'] as const,
  /** The caller's plan (free or Premium) as of now. */
  billing: ['billing'] as const,
  tripPlans: {
    all: ['trip-plans'] as const,
    mine: () => ['trip-plans', 'mine'] as const,
    one: (planId: string) => ['trip-plans', 'one', planId] as const,
    shared: (token: string) => ['trip-plans', 'shared', token] as const,
    contactStop: (token: string) => ['trip-plans', 'contact-stop', token] as const,
  },
} as const;

/** The user's activities may have changed (a sync, an import, a disconnect): every list and figure of them reads again. */
export function invalidateActivityData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.analysis.all });
}
