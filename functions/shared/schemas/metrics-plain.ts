/** The zod-free part of the metrics schemas (./metrics.ts re-exports it), for code that loads no schema. */

/** Local dates and preferred hours are computed in the user's time zone; this one until the user has another. */
export const DEFAULT_TIME_ZONE = 'America/Vancouver';

/** Spec health-connections §9, lowest to highest: 20+ Beginner, 40+ Intermediate, 60+ Advanced, 80+ Elite. */
export const ACTIVITY_LEVEL_LABELS = ['Getting Started', 'Beginner', 'Intermediate', 'Advanced', 'Elite'] as const;
