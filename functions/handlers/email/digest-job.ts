import { logger } from '../../lib/logger';
import { runMessageDigest, type DigestReport } from '../../usecases/message-digest';

/** Scheduled (EventBridge, daily): the message digest email to each user who wants it and has news. */
export const handler = async (): Promise<DigestReport> => {
  const report = await runMessageDigest(new Date());
  logger.info('message digest', { ...report });
  return report;
};
