import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import type { ScheduledJobDefinition } from '../../functions/shared/routes';
import type { TableId } from '../../functions/shared/tables';
import { secretsFor, type FunctionRuntime } from './function-runtime';
import { HouseFunction } from './house-function';

export interface ScheduledJobsProps {
  jobs: readonly ScheduledJobDefinition[];
  tables: Readonly<Record<TableId, ITable>>;
  runtime?: FunctionRuntime;
}

/** One function and one EventBridge schedule per entry of the shared job list. */
export class ScheduledJobs extends Construct {
  readonly functions: ReadonlyMap<string, HouseFunction>;

  constructor(scope: Construct, id: string, props: ScheduledJobsProps) {
    super(scope, id);
    const functions = new Map<string, HouseFunction>();

    for (const job of props.jobs) {
      const handler = new HouseFunction(this, job.id, {
        entry: job.entry,
        access: job.access,
        allTables: props.tables,
        description: `Scheduled job ${job.id} (${job.schedule})`,
        memorySize: 512,
        timeout: Duration.minutes(5),
        environment: props.runtime?.environment,
        secrets: secretsFor(props.runtime, job.secrets),
      });
      functions.set(job.id, handler);

      new Rule(this, `${job.id}-schedule`, {
        description: `Runs ${job.id} on ${job.schedule}`,
        schedule: Schedule.expression(job.schedule),
        targets: [new LambdaFunction(handler.function, { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
      });
    }
    this.functions = functions;
  }
}
