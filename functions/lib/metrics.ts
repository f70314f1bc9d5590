/**
 * Operational counts as CloudWatch Embedded Metric Format lines: Lambda ships stdout to CloudWatch Logs, which turns
 * each such line into a metric point, no API call needed (docs.aws.amazon.com, CloudWatch "Embedded metric format
 * specification"; read 2026-11-28). Written to stdout as the bare JSON line EMF requires (console.log would prefix it).
 */
export const METRICS_NAMESPACE = 'TrailBuddy';

export type MetricName = 'StravaAthleteCapacityRefusals';

export function emfCountLine(name: MetricName, dimensions: Record<string, string>, now: Date): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [Object.keys(dimensions)],
          Metrics: [{ Name: name, Unit: 'Count' }],
        },
      ],
    },
    ...dimensions,
    [name]: 1,
  });
}

/** Counts one occurrence of `name` (an alarm in the stateless stack watches the ones an operator must act on). */
export function countMetric(name: MetricName, dimensions: Record<string, string>, now: Date): void {
  process.stdout.write(`${emfCountLine(name, dimensions, now)}\n`);
}
