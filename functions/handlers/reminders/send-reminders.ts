import { logger } from '../../lib/logger';
import { sendActivityReminders, type ReminderReport } from '../../usecases/activity-reminders';
import { groupActivityDeps } from '../../usecases/group-activity-deps';

/** Scheduled (EventBridge, every 15 minutes): the 24 h reminder to each participant, exactly once. */
export const handler = async (): Promise<ReminderReport> => {
  const report = await sendActivityReminders(new Date(), groupActivityDeps);
  logger.info('activity reminders', { ...report });
  return report;
};
