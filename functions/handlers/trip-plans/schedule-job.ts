import { logger } from '../../lib/logger';
import { runTripPlanSchedule, type TripScheduleReport } from '../../usecases/trip-plans';

/** Scheduled (EventBridge, every 5 minutes): reminders before expected return and overdue alerts, each exactly once. */
export const handler = async (): Promise<TripScheduleReport> => {
  const report = await runTripPlanSchedule(new Date());
  logger.info('trip plans', { ...report });
  return report;
};
