import type { SQSEvent } from 'aws-lambda';
import { ImportMessage } from '../../lib/import-queue';
import { logger } from '../../lib/logger';
import { IMPORT_WORKER } from '../../shared/routes';
import { runImportJob } from '../../usecases/import-jobs/run-job';
import { stravaDeps } from '../../usecases/strava-deps';
import { runStravaWebhookMessage } from '../../usecases/strava-webhook';

/**
 * The import worker: one SQS message at a time (batch size 1), in AWS from the import queue's event source and
 * locally from infra/local/import-queue.ts with the same event shape. A throw makes the queue redeliver.
 */
export async function handler(event: SQSEvent): Promise<void> {
  for (const record of event.Records) {
    const parsed = ImportMessage.safeParse(safeJson(record.body));
    if (!parsed.success) {
      logger.warn('import queue message unreadable; dropped', { messageId: record.messageId });
      continue;
    }
    const message = parsed.data;
    if (message.type === 'strava-webhook') {
      await runStravaWebhookMessage(message, await stravaDeps());
      logger.info('strava webhook events run', { athleteKind: message.kind });
      continue;
    }
    const attempt = Number(record.attributes?.ApproximateReceiveCount ?? '1') || 1;
    const outcome = await runImportJob(message, { attempt, maxAttempts: IMPORT_WORKER.maxReceiveCount });
    logger.info('import job run', { provider: message.provider, kind: message.kind, jobId: message.jobId, outcome });
  }
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
