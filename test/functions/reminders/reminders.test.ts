import { describe, expect, it } from 'vitest';
import { handler } from '../../../functions/handlers/reminders/send-reminders';
import { sendActivityReminders } from '../../../functions/usecases/activity-reminders';
import { offsetAt, zoneRules } from '../../../functions/shared/analysis/local-time';
import { PLAN_TIME_ZONE, planDateOf } from '../../../functions/shared/schemas/group-activities';
import { activityInput, call, createActivity, join, newUser, notificationsOf } from '../group-activities/helpers';

/**
 * Date and time in British Columbia `hours` from now (rounded up to the next minute), read with the app's own zone
 * rules: the runtime's time zone data may not know that BC stopped changing its clocks.
 */
function hoursAhead(hours: number): { date: string; time: string } {
  const at = new Date(Math.ceil((Date.now() + hours * 3_600_000) / 60_000) * 60_000);
  const wallClock = new Date(at.getTime() + offsetAt(zoneRules(PLAN_TIME_ZONE), at.getTime()));
  return { date: planDateOf(at), time: wallClock.toISOString().slice(11, 16) };
}

const remindersOf = async (userId: string) =>
  (await notificationsOf(userId)).filter((n) => n.type === 'activity_reminder');

describe('the 24 h reminder job', () => {
  it('reminds every participant of an activity within 24 h exactly once, however often it runs', async () => {
    const organizer = newUser();
    const participants = [newUser(), newUser()];
    const soon = await createActivity(organizer, {
      ...hoursAhead(3),
      title: 'Dawn patrol',
      location: 'Cypress Mountain',
    });
    for (const p of participants) await join(soon.id, p);

    await handler();
    await Promise.all([handler(), handler()]); // overlapping runs, as a retried schedule could cause

    for (const user of [organizer, ...participants]) {
      const reminders = await remindersOf(user);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toMatchObject({ link: `/plan-activity/${soon.id}` });
      expect(reminders[0]!.message).toMatch(
        /^Reminder: Dawn patrol is on .+ at \d{1,2}:\d\d [ap]\.m\., Cypress Mountain\.$/,
      );
    }
  });

  it('leaves out activities further than 24 h away, cancelled ones and people who left', async () => {
    const organizer = newUser();
    const leaver = newUser();
    const later = await createActivity(organizer, { ...hoursAhead(30) });
    const cancelled = await createActivity(organizer, { ...hoursAhead(5), title: 'Called off' });
    const soon = await createActivity(newUser(), { ...hoursAhead(6) });
    await join(later.id, leaver);
    await join(soon.id, leaver);
    await call('post-leave-group-activity', leaver, { pathParameters: { activityId: soon.id } });
    await call('post-cancel-group-activity', organizer, { pathParameters: { activityId: cancelled.id } });

    await handler();

    expect(await remindersOf(organizer)).toEqual([]);
    expect(await remindersOf(leaver)).toEqual([]);
  });

  it('reminds again once the organizer moves the activity, and counts what it sent', async () => {
    const organizer = newUser();
    const participant = newUser();
    const first = hoursAhead(4);
    const activity = await createActivity(organizer, { ...first });
    await join(activity.id, participant);
    const sent: string[] = [];
    const deps = { notify: async (userId: string) => void sent.push(userId) };

    const report = await sendActivityReminders(new Date(), deps);
    expect(report.activities).toBeGreaterThanOrEqual(1);
    expect(sent.filter((id) => id === organizer || id === participant).sort()).toEqual([organizer, participant].sort());

    await sendActivityReminders(new Date(), deps);
    expect(sent.filter((id) => id === participant)).toHaveLength(1);

    const moved = await call('put-group-activity', organizer, {
      pathParameters: { activityId: activity.id },
      body: activityInput({ ...hoursAhead(8) }),
    });
    expect(moved.status).toBe(200);
    await sendActivityReminders(new Date(), deps);
    expect(sent.filter((id) => id === participant)).toHaveLength(2);
  });
});
