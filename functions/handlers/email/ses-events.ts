import type { SNSEvent } from 'aws-lambda';
import { logger } from '../../lib/logger';
import { recordSesEvent } from '../../usecases/email';

/** SNS subscriber of the SES configuration set's bounce and complaint events: suppresses those addresses. */
export const handler = async (event: SNSEvent): Promise<{ suppressed: number }> => {
  let suppressed = 0;
  for (const record of event.Records ?? [])
    suppressed += (await recordSesEvent(record.Sns?.Message ?? '', new Date())).length;
  logger.info('ses events', { records: event.Records?.length ?? 0, suppressed });
  return { suppressed };
};
