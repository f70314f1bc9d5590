import * as z from 'zod';
import { UnifiedActivity } from './activity';
import { ActivityMetrics, LocalDate } from './metrics';
import {
  ANALYSIS_RANGES,
  CHART_BUCKETS,
  HEATMAP_DAYS,
  HEATMAP_LEVELS,
  MAX_CHART_BARS,
  RECENT_ACTIVITY_COUNT,
} from './analysis-plain';

export {
  ANALYSIS_RANGES,
  CHART_BUCKETS,
  HEATMAP_DAYS,
  HEATMAP_LEVELS,
  MAX_CHART_BARS,
  RECENT_ACTIVITY_COUNT,
} from './analysis-plain';

export const AnalysisRange = z.enum(ANALYSIS_RANGES);
export type AnalysisRange = z.infer<typeof AnalysisRange>;

/** GET /api/analysis?range=week|month|year|all */
export const AnalysisQuery = z.object({ range: AnalysisRange.default('month') }).strict();
export type AnalysisQuery = z.infer<typeof AnalysisQuery>;

/** Sums over a span of local days. */
export const PeriodTotals = z.object({
  sessions: z.number().int().nonnegative(),
  minutes: z.number().nonnegative(),
  distanceMeters: z.number().nonnegative(),
  calories: z.number().nonnegative(),
  steps: z.number().int().nonnegative(),
  /** Distinct local days with at least one session. */
  activeDays: z.number().int().nonnegative(),
});
export type PeriodTotals = z.infer<typeof PeriodTotals>;

export const ChartBucket = z.enum(CHART_BUCKETS);
export type ChartBucket = z.infer<typeof ChartBucket>;

/** One bar: its local dates (inclusive, clipped to the range) and what happened in them. */
export const ChartBar = z.object({
  start: LocalDate,
  end: LocalDate,
  sessions: z.number().int().nonnegative(),
  minutes: z.number().nonnegative(),
  distanceMeters: z.number().nonnegative(),
});
export type ChartBar = z.infer<typeof ChartBar>;

export const HeatmapDay = z.object({
  date: LocalDate,
  sessions: z.number().int().nonnegative(),
  minutes: z.number().nonnegative(),
  /** 0 = no activity; 1–4 in proportion to the busiest day's minutes. */
  level: z
    .number()
    .int()
    .min(0)
    .max(HEATMAP_LEVELS - 1),
});
export type HeatmapDay = z.infer<typeof HeatmapDay>;

/** GET /api/analysis — everything the /analysis screen draws, for the caller only. */
export const AnalysisResponse = z.object({
  range: AnalysisRange,
  generatedAt: z.iso.datetime(),
  /** The IANA zone local days and hours are counted in. */
  timeZone: z.string().min(1),
  /** The filter's local dates, inclusive; for 'all' from the first day with data (today when there is none). */
  period: z.object({ start: LocalDate, end: LocalDate }),
  /** Whether the user has any activity at all, in any range (tells 'No Activity Data Yet' from an empty filter). */
  hasActivity: z.boolean(),
  /** Score, label, points, weekly averages, preferred hours and types, days active — as of now. */
  metrics: ActivityMetrics,
  /** The six stat cards, over the period. */
  totals: PeriodTotals,
  /** The dashboard's 'This Week': the last 7 local days, today included. */
  lastSevenDays: PeriodTotals,
  /** All time, from the daily aggregates (they outlive the 7-day purge of raw data). */
  allTime: PeriodTotals,
  chart: z.object({ bucket: ChartBucket, bars: z.array(ChartBar).max(MAX_CHART_BARS) }),
  heatmap: z.object({
    start: LocalDate,
    end: LocalDate,
    busiestMinutes: z.number().nonnegative(),
    days: z.array(HeatmapDay).length(HEATMAP_DAYS),
  }),
  /** The newest activities within the period that are still held (raw data is kept 7 days after its last fetch). */
  recentActivities: z.array(UnifiedActivity).max(RECENT_ACTIVITY_COUNT),
});
export type AnalysisResponse = z.infer<typeof AnalysisResponse>;
