/**
 * The zod-free part of the analysis schemas (./analysis.ts re-exports it): the ranges and sizes, so the analysis
 * screen and the pure analysis code load no schema code.
 */

/** Spec health-connections §2 date filters: the last 7 days, 30 days, 365 days, or everything. */
export const ANALYSIS_RANGES = ['week', 'month', 'year', 'all'] as const;

/** One of ANALYSIS_RANGES, told apart from any other text without a schema (e.g. a `?range=` parameter). */
export function isAnalysisRange(value: unknown): value is (typeof ANALYSIS_RANGES)[number] {
  return (ANALYSIS_RANGES as readonly unknown[]).includes(value);
}

/** Spec §2: charts show at most 30 bars; the heatmap covers a year in 5 intensity levels (0–4). */
export const MAX_CHART_BARS = 30;
export const HEATMAP_DAYS = 365;
export const HEATMAP_LEVELS = 5;
export const RECENT_ACTIVITY_COUNT = 10;

/** The calendar unit one chart bar covers: the smallest that keeps the range within 30 bars. */
export const CHART_BUCKETS = ['day', 'week', 'month', 'quarter', 'year'] as const;
