import { optionalEnv } from './config';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { PROVIDER_TYPES } from '../shared/schemas/activity';
import { IMPORT_JOB_KINDS } from '../shared/schemas/import-jobs';

/**
 * The import queue: SQS in AWS (IMPORT_QUEUE_URL, set by the CDK), and locally the api host's in-process queue
 * (infra/local/import-queue.ts) which registers itself here and feeds the same worker handler the same SQS event.
 */
export const ImportMessage = z.discriminatedUnion('type', [
  /** Run (or continue) one import job. */
  z.object({
    type: z.literal('job'),
    userId: z.string().min(1).max(128),
    provider: z.enum(PROVIDER_TYPES),
    kind: z.enum(IMPORT_JOB_KINDS),
    jobId: z.string().min(1).max(64),
    /** 'recent': the daily refresh's import, the whole recent window (renewing fetch times); absent: since the last sync. */
    window: z.literal('recent').optional(),
  }),
  /** Strava webhook events for one athlete, coalesced: one message per athlete and kind while one is pending. */
  z.object({
    type: z.literal('strava-webhook'),
    athleteId: z.number().int().positive(),
    kind: z.enum(['activities', 'deauthorization']),
  }),
]);
export type ImportMessage = z.infer<typeof ImportMessage>;

/** SQS can hold a message back at most 15 minutes; a longer wait is re-enqueued on arrival. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

export type ImportQueueSink = (body: string, delaySeconds: number) => Promise<void>;
const LOCAL_SINK = Symbol.for('trailbuddy.importQueue');
type WithSink = typeof globalThis & { [LOCAL_SINK]?: ImportQueueSink };

/** The local host (and tests) put their in-process queue here; null removes it. */
export function setLocalImportQueue(sink: ImportQueueSink | null): void {
  if (sink) (globalThis as WithSink)[LOCAL_SINK] = sink;
  else delete (globalThis as WithSink)[LOCAL_SINK];
}

let sqs: SQSClient | undefined;

export async function enqueueImport(message: ImportMessage, delaySeconds = 0): Promise<void> {
  const body = JSON.stringify(message);
  const delay = Math.max(0, Math.min(MAX_QUEUE_DELAY_SECONDS, Math.ceil(delaySeconds)));
  const local = (globalThis as WithSink)[LOCAL_SINK];
  if (local) return local(body, delay);
  const queueUrl = optionalEnv('IMPORT_QUEUE_URL');
  if (!queueUrl) throw new Error('Missing env IMPORT_QUEUE_URL: no import queue is configured for this function');
  sqs ??= new SQSClient({});
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body, DelaySeconds: delay }));
}
