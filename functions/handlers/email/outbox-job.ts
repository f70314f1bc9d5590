import { logger } from '../../lib/logger';
import { sendDueEmails, type OutboxReport } from '../../usecases/email';

/** Scheduled (EventBridge, every minute): sends the email outbox through SES, with retries. */
export const handler = async (): Promise<OutboxReport> => {
  const report = await sendDueEmails(new Date());
  logger.info('email outbox', { ...report });
  return report;
};
