import type { AnalysisApi } from '../api/analysis-api';
import type { DemoContext } from '@/lib/demo/demo-context';

/** Demo mode has no profile zone: the viewer's own calendar, the one the demo activities are placed in. */
function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The analysis of the demo athlete, computed in the browser with the same pure functions the server uses:
 * the detailed recent activities plus a year of older workouts, summed into daily aggregates.
 */
export function createAnalysisDemoApi({ now, wait }: DemoContext): AnalysisApi {
  return {
    async analysis(range) {
      // Loaded on first use, so neither the sample year nor the computation weighs on other screens.
      const [{ demoActivities, demoActivityHistory }, { buildDailyAggregates }, { buildAnalysis }] = await Promise.all([
        import('@/lib/demo/demo-strava'),
        import('@shared/analysis/daily-aggregates'),
        import('@shared/analysis/analysis'),
      ]);
      const at = now();
      const timeZone = viewerTimeZone();
      const recent = demoActivities(at);
      const aggregates = buildDailyAggregates([...demoActivityHistory(at), ...recent], timeZone);
      // The server's work, done on the page's main thread: in two tasks, so neither blocks input for long.
      await wait(0);
      // The demo athlete's one source is Strava, so the demo shows what "not measured" looks like.
      return buildAnalysis({ range, sources: ['strava'], aggregates, activities: recent }, { now: at, timeZone });
    },
  };
}
