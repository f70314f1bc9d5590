import { logger } from '../../lib/logger';
import { runStripeCleanups, type StripeCleanupReport } from '../../usecases/billing';

/** Scheduled (EventBridge, every minute): cancels at Stripe the subscriptions deleted accounts left, with retries. */
export const handler = async (): Promise<StripeCleanupReport> => {
  const report = await runStripeCleanups(new Date());
  logger.info('stripe cleanup', { ...report });
  return report;
};
