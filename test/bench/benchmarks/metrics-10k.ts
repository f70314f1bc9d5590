import { computeActivityMetricsFromActivities } from '../../../functions/domain/metrics';
import { ActivityMetrics, DEFAULT_TIME_ZONE } from '../../../functions/shared/schemas/metrics';
import { generateActivities } from '../support/generate-activities';
import { benchResult, type Benchmark } from '../types';

const COUNT = 10_000;
const NOW = new Date('2026-06-15T19:00:00Z');

/** The floor: the least any metrics computation must do, touch every activity once. */
function sumDurations(activities: readonly { duration_seconds: number }[]): number {
  let total = 0;
  for (let i = 0; i < activities.length; i++) total += activities[i]!.duration_seconds;
  return total;
}

const benchmark: Benchmark = {
  name: 'metrics-10k',
  description: `daily aggregates + metrics for ${COUNT.toLocaleString('en-US')} generated activities over 2 years (median ms); floor: a plain loop summing their durations`,
  async run(ctx) {
    const activities = generateActivities(COUNT, { now: NOW, days: 730, seed: 20_260_615 });
    const clock = { now: NOW, timeZone: DEFAULT_TIME_ZONE };

    // Prove the measured call does the real work before timing it.
    const { metrics, dailyAggregates } = computeActivityMetricsFromActivities(activities, clock);
    ActivityMetrics.parse(metrics);
    const aggregatedSessions = dailyAggregates.reduce((sum, day) => sum + day.sessions, 0);
    if (aggregatedSessions !== COUNT)
      throw new Error(`aggregates hold ${aggregatedSessions} sessions, expected ${COUNT}`);

    let sink = 0;
    const timing = await ctx.measure(
      () => (sink += computeActivityMetricsFromActivities(activities, clock).metrics.daysActive),
      { iterations: 40, warmup: 5 },
    );
    const floor = await ctx.measure(() => (sink += sumDurations(activities)), { iterations: 40, warmup: 5 });
    ctx.log(
      `metrics-10k: p50 ${timing.p50.toFixed(2)} ms, p95 ${timing.p95.toFixed(2)} ms; floor p50 ${floor.p50.toFixed(3)} ms (checksum ${sink > 0})`,
    );

    return [
      benchResult({ name: 'metrics-10k', value: timing.p50, unit: 'ms', floor: floor.p50, goal: { atMost: 50 } }),
    ];
  },
};

export default benchmark;
