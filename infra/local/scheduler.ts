import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ScheduledJobDefinition } from '../../functions/shared/routes';
import { lambdaContext } from './api-gateway-event';

const UNIT_MS: Record<string, number> = {
  minute: 60_000,
  minutes: 60_000,
  hour: 3_600_000,
  hours: 3_600_000,
  day: 86_400_000,
  days: 86_400_000,
};

/** Milliseconds between runs for an EventBridge `rate(...)` expression. */
export function rateToMs(expression: string): number {
  const match = /^rate\((\d+) (minutes?|hours?|days?)\)$/.exec(expression);
  if (!match) throw new Error(`Unsupported schedule expression for local mode: ${expression}`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** Runs each scheduled job once at start and then on its rate, as EventBridge would in AWS. */
export function startScheduler(
  jobs: readonly ScheduledJobDefinition[],
  rootDir: string,
  log: (line: string) => void,
): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    const run = async () => {
      try {
        const module = (await import(pathToFileURL(resolve(rootDir, job.entry)).href)) as {
          handler: (event: unknown, context: unknown) => Promise<unknown>;
        };
        const result = await module.handler(
          { source: 'aws.events', 'detail-type': 'Scheduled Event', time: new Date().toISOString() },
          lambdaContext(job.id),
        );
        log(`[schedule] ${job.id}: ${JSON.stringify(result)}`);
      } catch (error) {
        log(`[schedule] ${job.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    timers.push(setTimeout(run, 2_000).unref(), setInterval(run, rateToMs(job.schedule)).unref());
  }
  return () => timers.forEach((timer) => clearTimeout(timer));
}
