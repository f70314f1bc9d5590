import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SQSEvent } from 'aws-lambda';
import { setLocalImportQueue } from '../../functions/lib/import-queue';
import { IMPORT_WORKER } from '../../functions/shared/routes';
import { lambdaContext } from './api-gateway-event';

export interface LocalImportQueueOptions {
  rootDir: string;
  log: (line: string) => void;
  /** After a throw, the message comes back after this long (SQS: the visibility timeout). */
  visibilityTimeoutMs?: number;
  /** Deliveries before a message goes to the dead-letter list (SQS: maxReceiveCount). */
  maxReceiveCount?: number;
  /** Multiplies every delay (tests shrink them); default 1. */
  timeScale?: number;
}

export interface LocalImportQueue {
  /** Messages that failed every delivery, as SQS's dead-letter queue would keep them. */
  readonly deadLetters: readonly string[];
  /** Resolves once nothing is queued, waiting or running. */
  idle(): Promise<void>;
  stop(): void;
}

/**
 * The import queue in local mode: an in-process stand-in for SQS that hands each message to the same worker
 * handler the Lambda runs, as an SQS event of one record (batch size 1, like the event source mapping), honouring
 * DelaySeconds, redelivering after a throw (ApproximateReceiveCount grows) and dead-lettering after maxReceiveCount.
 */
export function startLocalImportQueue(options: LocalImportQueueOptions): LocalImportQueue {
  const scale = options.timeScale ?? 1;
  const visibilityMs = (options.visibilityTimeoutMs ?? 30_000) * scale;
  const maxReceives = options.maxReceiveCount ?? IMPORT_WORKER.maxReceiveCount;
  const deadLetters: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  /** Messages sent and not yet handled (waiting out a delay, queued or running). */
  let pending = 0;
  let waiters: (() => void)[] = [];
  let stopped = false;
  let chain: Promise<void> = Promise.resolve();
  const handler = import(pathToFileURL(resolve(options.rootDir, IMPORT_WORKER.entry)).href).then(
    (module: { handler: (event: SQSEvent, context: unknown) => Promise<void> }) => module.handler,
  );

  const settle = () => {
    if (pending === 0) {
      const done = waiters;
      waiters = [];
      done.forEach((resolveIdle) => resolveIdle());
    }
  };

  const schedule = (messageId: string, body: string, receives: number, delayMs: number) => {
    if (stopped) return;
    pending++;
    const timer = setTimeout(() => {
      timers.delete(timer);
      // One message at a time, as one worker would take them.
      chain = chain.then(() => deliver(messageId, body, receives + 1));
    }, delayMs);
    timer.unref?.();
    timers.add(timer);
  };

  const deliver = async (messageId: string, body: string, receiveCount: number) => {
    if (stopped) {
      pending--;
      return settle();
    }
    try {
      const event = { Records: [sqsRecord(messageId, body, receiveCount)] } as SQSEvent;
      await (
        await handler
      )(event, lambdaContext(IMPORT_WORKER.id));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (receiveCount >= maxReceives) {
        deadLetters.push(body);
        options.log(`[queue] ${messageId} dead-lettered after ${receiveCount} deliveries: ${detail}`);
      } else {
        options.log(
          `[queue] ${messageId} failed (delivery ${receiveCount}); redelivered after the visibility timeout: ${detail}`,
        );
        schedule(messageId, body, receiveCount, visibilityMs);
      }
    } finally {
      pending--;
      settle();
    }
  };

  setLocalImportQueue(async (body, delaySeconds) => schedule(randomUUID(), body, 0, delaySeconds * 1000 * scale));

  return {
    deadLetters,
    idle: () =>
      new Promise<void>((resolveIdle) => {
        waiters.push(resolveIdle);
        settle();
      }),
    stop: () => {
      stopped = true;
      pending -= timers.size;
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      setLocalImportQueue(null);
      settle();
    },
  };
}

function sqsRecord(messageId: string, body: string, receiveCount: number) {
  const now = String(Date.now());
  return {
    messageId,
    receiptHandle: `${messageId}#${receiveCount}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: now,
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: now,
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:local:000000000000:trailbuddy-imports',
    awsRegion: 'local',
  };
}
