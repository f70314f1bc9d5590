import { logger } from '../../lib/logger';
import { sendDuePushes, type PushReport } from '../../usecases/push-outbox';

/** Scheduled (EventBridge, every minute): pushes waiting notifications to the devices that want them. */
export const handler = async (): Promise<PushReport> => {
  const report = await sendDuePushes();
  logger.info('push outbox', { ...report });
  return report;
};
