import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { IMPORT_WORKER } from '../../functions/shared/routes';
import type { TableId } from '../../functions/shared/tables';
import { secretsFor, type FunctionRuntime } from './function-runtime';
import { HouseFunction } from './house-function';

export interface ImportQueueProps {
  tables: Readonly<Record<TableId, ITable>>;
  runtime?: FunctionRuntime;
}

/** The worker's timeout: a run reads pages for JOB_RUN_BUDGET_MS (2 min), then saves and re-enqueues itself. */
const WORKER_TIMEOUT = Duration.minutes(4);

/**
 * Imports are background jobs on SQS. One queue (SSE, TLS only), its dead-letter queue after
 * IMPORT_WORKER.maxReceiveCount deliveries, and the worker Lambda fed one message at a time. A delivery that throws
 * comes back after the visibility timeout and resumes from the job's saved cursor.
 */
export class ImportQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: HouseFunction;

  constructor(scope: Construct, id: string, props: ImportQueueProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: WORKER_TIMEOUT.plus(Duration.minutes(1)),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: IMPORT_WORKER.maxReceiveCount },
    });
    this.worker = new HouseFunction(this, IMPORT_WORKER.id, {
      entry: IMPORT_WORKER.entry,
      access: IMPORT_WORKER.access,
      allTables: props.tables,
      description: 'Import worker: runs import and backfill jobs from the import queue',
      memorySize: 512,
      timeout: WORKER_TIMEOUT,
      environment: props.runtime?.environment,
      secrets: secretsFor(props.runtime, IMPORT_WORKER.secrets),
    });
    this.worker.function.addEventSource(new SqsEventSource(this.queue, { batchSize: 1 }));
    this.grantEnqueue(this.worker);
  }

  /** IMPORT_QUEUE_URL and sqs:SendMessage for a function that starts or re-enqueues jobs. */
  grantEnqueue(fn: HouseFunction): void {
    fn.function.addEnvironment('IMPORT_QUEUE_URL', this.queue.queueUrl);
    this.queue.grantSendMessages(fn.function);
  }
}
