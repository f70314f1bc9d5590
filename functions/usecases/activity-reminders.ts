import { activityLink, activityMessages, reminderWindow } from '../domain/group-activity';
import { logger } from '../lib/logger';
import { claimReminder, listActivitiesStartingBetween, listMembers } from '../repositories/group-activities';
import { NEARBY_AREAS } from '../shared/schemas/group-activities';
import { blockedWith, type GroupActivityDeps } from './group-activity-deps';

export interface ReminderReport {
  /** Activities starting within the next 24 h. */
  activities: number;
  /** Reminders sent in this run (each participant gets one per start time, ever). */
  reminders: number;
}

/**
 * Scheduled: reminds each participant of an activity starting within the next 24 hours. Reads one slice of
 * each area's start-time index (never the whole table); a conditional marker on the participant item makes
 * the reminder go out exactly once, however often the job runs or overlaps.
 */
export async function sendActivityReminders(now: Date, deps: GroupActivityDeps): Promise<ReminderReport> {
  const { from, to } = reminderWindow(now);
  const due = (await Promise.all(NEARBY_AREAS.map((area) => listActivitiesStartingBetween(area, from, to)))).flat();
  let reminders = 0;
  for (const activity of due) {
    const members = await listMembers(activity.id);
    // A block holds here too: nobody is reminded of an activity whose organizer they blocked or were blocked by.
    const blocked = await blockedWith(activity.organizerId);
    for (const member of members.filter((m) => !blocked.has(m.userId))) {
      if (!(await claimReminder(activity.id, member.userId, now))) continue;
      try {
        await deps.notify(
          member.userId,
          {
            type: 'activity_reminder',
            message: activityMessages.reminder(activity.title, activity.date, activity.time, activity.location),
            link: activityLink(activity.id),
          },
          now,
        );
        reminders += 1;
      } catch (error) {
        // The marker is already set: one lost reminder is better than a participant reminded twice.
        logger.error('reminder failed', {
          activityId: activity.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  return { activities: due.length, reminders };
}
