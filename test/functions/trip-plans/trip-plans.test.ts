// own module registry: it starts an SES emulator of its own, and the email client keeps the endpoint it first sees.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { wallClockInstant } from '../../../functions/domain/plan-time';
import { SECOND_ALERT_AFTER_MS, TRIP_LINK_LIFETIME_MS } from '../../../functions/domain/trip-plan';
import { handler as getTripLink } from '../../../functions/handlers/trip-plans/get-trip-link';
import { handler as getTripPlan } from '../../../functions/handlers/trip-plans/get-trip-plan';
import { handler as outboxJob } from '../../../functions/handlers/email/outbox-job';
import { TRIP_PLAN_ROUTES } from '../../../functions/shared/route-areas/trip-plans';
import type { TripPlanInput } from '../../../functions/shared/schemas/trip-plans';
import { TripPlanInput as TripPlanInputSchema } from '../../../functions/shared/schemas/trip-plans';
import { sendDueEmails } from '../../../functions/usecases/email';
import { checkInTripPlan, fileTripPlan, runTripPlanSchedule } from '../../../functions/usecases/trip-plans';
import { confirmContactStop } from '../../../functions/usecases/trip-contacts';
import { formatWallDate } from '../../../functions/shared/schemas/group-activities-plain';
import { invoke, userClaims } from '../../support/api-events';
import { sentTo, useSesEmulator } from '../../support/ses-emulator';
import { useOwnTables } from '../../support/own-tables';
import { createActivity, daysAhead, join, setDisplayName } from '../group-activities/helpers';

// The outbox job sends every due message in its table: on shared tables, another file's run (with another clock)
// would send this file's mail to that file's emulator, whenever the two files run at the same time.
useOwnTables();

const ses = useSesEmulator();

const tag = () => randomBytes(4).toString('hex');
const route = (id: string) => TRIP_PLAN_ROUTES.find((r) => r.id === id)!;
const RETURN_DATE = daysAhead(3);
const returnAt = (time = '17:00', date = RETURN_DATE) => wallClockInstant(date, time);
const minutes = (n: number) => n * 60_000;
/** A time well before the trip. */
const filedAt = () => new Date(returnAt().getTime() - 86_400_000);

function planInput(contactEmail: string, overrides: Partial<TripPlanInput> = {}): TripPlanInput {
  return TripPlanInputSchema.parse({
    trailhead: 'Lynn Headwaters',
    route: 'Lynn Loop to Norvan Falls and back',
    area: 'North Shore',
    startDate: RETURN_DATE,
    startTime: '08:00',
    returnDate: RETURN_DATE,
    returnTime: '17:00',
    graceMinutes: 60,
    vehicle: 'Green Subaru Outback',
    essentials: ['flashlight', 'first_aid_kit'],
    contacts: [{ name: 'Casey Contact', email: contactEmail }],
    ...overrides,
  });
}

/** The token of the mailed link, which carries it in the fragment (never sent to a server, so never logged). */
const linkIn = (text: string | undefined) => /\/trip-link#([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1];

describe('filing a trip plan', () => {
  it('emails each contact a private link that opens the read-only plan without signing in', async () => {
    const owner = `trip-owner-${tag()}`;
    const contact = `contact-${tag()}@example.org`;
    await setDisplayName(owner, 'Avery Owner');
    const plan = await fileTripPlan(owner, planInput(contact), filedAt());
    expect(plan.party).toEqual([{ userId: owner, name: 'Avery Owner' }]);

    await sendDueEmails(filedAt());
    const mail = sentTo(await ses.emails(), contact);
    expect(mail).toHaveLength(1);
    // A first email to an address is the fixed-text notice: it names the filer, nothing else they wrote.
    expect(mail[0]!.subject).toBe('You were named as an emergency contact on TrailBuddy');
    expect(mail[0]!.body.text).toContain('Avery Owner');
    expect(mail[0]!.body.html).toContain('TrailBuddy');
    const token = linkIn(mail[0]!.body.text);
    expect(token).toBeDefined();

    const shared = await invoke(getTripLink, route('get-trip-link'), {
      path: `/api/trip-links/${token}`,
      pathParameters: { token: token! },
    });
    expect(shared.status).toBe(200);
    expect(shared.json).toMatchObject({ trailhead: 'Lynn Headwaters', party: ['Avery Owner'], status: 'open' });
    expect(JSON.stringify(shared.json)).not.toContain(owner);
    expect(JSON.stringify(shared.json)).not.toContain(contact);
  });

  it('refuses a wrong token (404) and, after 48 h past the return or once closed, the right one (410)', async () => {
    const owner = `trip-owner-${tag()}`;
    const contact = `contact-${tag()}@example.org`;
    const plan = await fileTripPlan(owner, planInput(contact), filedAt());
    await sendDueEmails(filedAt());
    const token = linkIn(sentTo(await ses.emails(), contact)[0]!.body.text)!;
    const call = (t: string) =>
      invoke(getTripLink, route('get-trip-link'), { path: `/api/trip-links/${t}`, pathParameters: { token: t } });

    const wrong = await call(randomBytes(32).toString('base64url'));
    expect(wrong.status).toBe(404);
    expect((await call('short')).status).toBe(400);

    const { sharedTripPlan } = await import('../../../functions/usecases/trip-plans');
    await expect(
      sharedTripPlan(token, new Date(returnAt().getTime() + TRIP_LINK_LIFETIME_MS - 1000)),
    ).resolves.toMatchObject({ id: plan.id });
    await expect(sharedTripPlan(token, new Date(returnAt().getTime() + TRIP_LINK_LIFETIME_MS))).rejects.toMatchObject({
      status: 410,
    });

    await checkInTripPlan(owner, plan.id, { kind: 'back' }, returnAt());
    expect((await call(token)).status).toBe(410);
  });

  it('makes the whole group activity the party, and only a participant may file it; others see 404', async () => {
    const a = `trip-a-${tag()}`;
    const b = `trip-b-${tag()}`;
    const stranger = `trip-s-${tag()}`;
    await setDisplayName(a, 'Alex');
    await setDisplayName(b, 'Blair');
    const activity = await createActivity(a, { date: RETURN_DATE, time: '08:00' });
    expect((await join(activity.id, b)).status).toBe(200);

    await expect(
      fileTripPlan(stranger, planInput('c@example.org', { activityId: activity.id }), filedAt()),
    ).rejects.toMatchObject({ status: 404 });
    const plan = await fileTripPlan(a, planInput(`c-${tag()}@example.org`, { activityId: activity.id }), filedAt());
    expect(plan.party.map((m) => m.name)).toEqual(['Alex', 'Blair']);

    const asB = await invoke(getTripPlan, route('get-trip-plan'), {
      path: `/api/trip-plans/${plan.id}`,
      pathParameters: { planId: plan.id },
      claims: userClaims(b),
    });
    expect(asB.status).toBe(200);
    const asStranger = await invoke(getTripPlan, route('get-trip-plan'), {
      path: `/api/trip-plans/${plan.id}`,
      pathParameters: { planId: plan.id },
      claims: userClaims(stranger),
    });
    expect(asStranger.status).toBe(404);
  });

  it('sends its start and expected return as instants on BC clocks (UTC-7), and a moved return moves the instant', async () => {
    const owner = `trip-owner-${tag()}`;
    const plan = await fileTripPlan(owner, planInput(`c-${tag()}@example.org`), filedAt());
    const onBcClocks = (time: string) => new Date(`${RETURN_DATE}T${time}:00-07:00`).toISOString();
    expect(plan).toMatchObject({ startsAt: onBcClocks('08:00'), returnsAt: onBcClocks('17:00') });
    const late = await checkInTripPlan(
      owner,
      plan.id,
      { kind: 'late', returnDate: RETURN_DATE, returnTime: '19:15', reason: '' },
      returnAt('16:00'),
    );
    expect(late).toMatchObject({ startsAt: onBcClocks('08:00'), returnsAt: onBcClocks('19:15') });
  });

  it('refuses a return already past and a return before the start', async () => {
    await expect(
      fileTripPlan(`trip-${tag()}`, planInput('c@example.org'), new Date(returnAt().getTime() + 1000)),
    ).rejects.toMatchObject({ status: 400 });
    expect(TripPlanInputSchema.safeParse({ ...planInput('c@example.org'), returnTime: '07:00' }).success).toBe(false);
  });
});

describe('overdue alerts', () => {
  it('alert each contact exactly once per stage, under a duplicated schedule event and a retried function', async () => {
    const owner = `trip-owner-${tag()}`;
    const contacts = [`c1-${tag()}@example.org`, `c2-${tag()}@example.org`];
    await setDisplayName(owner, 'Robin Overdue');
    const plan = await fileTripPlan(
      owner,
      planInput(contacts[0]!, { contacts: contacts.map((email, i) => ({ name: `Contact ${i}`, email })) }),
      filedAt(),
    );
    await sendDueEmails(filedAt());
    await ses.clear();

    // Before return + grace: the reminder stage only; nothing to the contacts.
    await runTripPlanSchedule(new Date(returnAt().getTime() + minutes(59)));
    // The same due moment twice at once (a duplicated EventBridge event), then again (a retried function).
    const overdue = new Date(returnAt().getTime() + minutes(61));
    await Promise.all([runTripPlanSchedule(overdue), runTripPlanSchedule(overdue)]);
    await runTripPlanSchedule(overdue);
    await Promise.all([sendDueEmails(overdue), sendDueEmails(overdue)]);
    await outboxJob();

    for (const contact of contacts) {
      const mail = sentTo(await ses.emails(), contact);
      expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Overdue: /)]);
      expect(mail[0]!.body.text).toContain('Robin Overdue');
      expect(mail[0]!.body.text).toContain('call 911 and ask for Search and Rescue');
      expect(mail[0]!.body.text).toContain('Last check-in: Robin Overdue filed the plan');
    }

    // The second alert, after the further interval, also once.
    const later = new Date(overdue.getTime() + SECOND_ALERT_AFTER_MS);
    await Promise.all([runTripPlanSchedule(later), runTripPlanSchedule(later)]);
    await sendDueEmails(later);
    await runTripPlanSchedule(new Date(later.getTime() + 86_400_000));
    await sendDueEmails(new Date(later.getTime() + 86_400_000));
    expect(sentTo(await ses.emails(), contacts[1]!).map((m) => m.subject.split(':')[0])).toEqual([
      'Overdue',
      'Second alert',
    ]);

    const { getTripPlanFor } = await import('../../../functions/usecases/trip-plans');
    expect((await getTripPlanFor(owner, plan.id, later)).overdueAlertsSent).toBe(2);
  });

  it('a check-in that lands first wins: no alert, the contacts hear the party is back', async () => {
    const owner = `trip-owner-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    const plan = await fileTripPlan(owner, planInput(contact), filedAt());
    const closed = await checkInTripPlan(
      owner,
      plan.id,
      { kind: 'back' },
      new Date(returnAt().getTime() + minutes(30)),
    );
    expect(closed.status).toBe('closed');
    await expect(checkInTripPlan(owner, plan.id, { kind: 'back' }, returnAt())).rejects.toMatchObject({ status: 409 });

    const overdue = new Date(returnAt().getTime() + minutes(61));
    await runTripPlanSchedule(overdue);
    await sendDueEmails(overdue);
    const subjects = sentTo(await ses.emails(), contact).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[1]).toBe('Trip plan closed: the party is back');
    expect(sentTo(await ses.emails(), contact)[1]!.body.text).toMatch(/back from Lynn Headwaters/);
    expect(subjects.some((s) => /Overdue/.test(s))).toBe(false);
  });

  it('running late moves the return up to 3 times, tells the contacts each new time (BC time), and the old due time sends nothing', async () => {
    const owner = `trip-owner-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    await setDisplayName(owner, 'Lou');
    const plan = await fileTripPlan(owner, planInput(contact), filedAt());
    await sendDueEmails(filedAt());
    const late = (returnTime: string, reason: string, at: Date) =>
      checkInTripPlan(owner, plan.id, { kind: 'late', returnDate: RETURN_DATE, returnTime, reason }, at);
    const lateMail = async () =>
      sentTo(await ses.emails(), contact).filter(
        (m) => m.subject === 'Trip plan update: the party expects to be back later',
      );

    const first = await late('20:00', 'Slow on the descent', returnAt('16:30'));
    expect(first).toMatchObject({
      returnTime: '20:00',
      lateReason: 'Slow on the descent',
      returnMoves: 1,
      lastCheckIn: { kind: 'late', by: owner },
    });
    await sendDueEmails(returnAt('16:30'));
    const day = formatWallDate(RETURN_DATE);
    let mail = await lateMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body.text).toContain(
      `Lou checked in: the party at Lynn Headwaters is running late. They now expect to be back by ${day}, 8:00 p.m. (British Columbia time), instead of ${day}, 5:00 p.m. (British Columbia time).`,
    );
    expect(mail[0]!.body.text).toContain('Their reason: Slow on the descent');
    expect(mail[0]!.body.text).toContain(`If nobody checks in by ${day}, 9:00 p.m. (British Columbia time)`);
    expect(mail[0]!.body.text).toContain('They can move the return 2 more times');
    expect(mail[0]!.body.text).toMatch(/trip-stop\/[A-Za-z0-9_-]{43}\?stop=address/);

    // The same request again (a retry) moves nothing: the return is no longer later.
    await expect(late('20:00', 'Slow on the descent', returnAt('16:31'))).rejects.toMatchObject({ status: 400 });
    await late('21:00', 'Helping another party', returnAt('19:00'));
    await late('21:30', 'Headlamp battery', returnAt('20:45'));
    await sendDueEmails(returnAt('20:45'));
    mail = await lateMail();
    expect(mail).toHaveLength(3);
    expect(mail[1]!.body.text).toContain(`They now expect to be back by ${day}, 9:00 p.m.`);
    expect(mail[2]!.body.text).toContain(`They now expect to be back by ${day}, 9:30 p.m.`);
    expect(mail[2]!.body.text).toContain('They cannot move the return again');
    await expect(late('22:00', 'Again', returnAt('21:00'))).rejects.toMatchObject({
      status: 409,
      code: 'already_late',
    });

    // Neither an old due time nor an intermediate one alerts; the last one does.
    for (const time of ['18:01', '21:01', '22:01']) {
      await runTripPlanSchedule(returnAt(time));
      await sendDueEmails(returnAt(time));
    }
    expect(sentTo(await ses.emails(), contact).filter((m) => /Overdue/.test(m.subject))).toHaveLength(0);
    await runTripPlanSchedule(returnAt('22:31'));
    await sendDueEmails(returnAt('22:31'));
    const alert = sentTo(await ses.emails(), contact).filter((m) => /Overdue/.test(m.subject));
    expect(alert).toHaveLength(1);
    expect(alert[0]!.body.text).toContain('running late (Headlamp battery)');
  });

  it('after an overdue alert, a late check-in restarts the clock: the next alert is at the new return + grace', async () => {
    const owner = `trip-owner-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    const plan = await fileTripPlan(owner, planInput(contact), filedAt());
    await runTripPlanSchedule(returnAt('16:35'));
    await runTripPlanSchedule(returnAt('18:01'));
    await sendDueEmails(returnAt('18:01'));
    expect(sentTo(await ses.emails(), contact).filter((m) => /^Overdue/.test(m.subject))).toHaveLength(1);

    await checkInTripPlan(
      owner,
      plan.id,
      { kind: 'late', returnDate: RETURN_DATE, returnTime: '19:00', reason: 'Lost the trail, found it' },
      returnAt('18:10'),
    );
    // Two hours after the first alert would be the second alert's time on the old clock: nothing then.
    await runTripPlanSchedule(returnAt('19:59'));
    await sendDueEmails(returnAt('19:59'));
    expect(sentTo(await ses.emails(), contact).filter((m) => /Overdue|Second alert/.test(m.subject))).toHaveLength(1);
    await runTripPlanSchedule(returnAt('20:01'));
    await sendDueEmails(returnAt('20:01'));
    const alerts = sentTo(await ses.emails(), contact).filter((m) => /^Overdue/.test(m.subject));
    expect(alerts).toHaveLength(2);
    expect(alerts[1]!.body.text).toContain('running late (Lost the trail, found it)');
  });

  it('a contact who chose "Never email me" is not told of a late return', async () => {
    const owner = `trip-owner-${tag()}`;
    const stays = `stays-${tag()}@example.org`;
    const stopped = `stopped-${tag()}@example.org`;
    const plan = await fileTripPlan(
      owner,
      planInput(stays, {
        contacts: [
          { name: 'Stays', email: stays },
          { name: 'Stopped', email: stopped },
        ],
      }),
      filedAt(),
    );
    await sendDueEmails(filedAt());
    const token = /\/trip-stop\/([A-Za-z0-9_-]{43})\?stop=address/.exec(
      sentTo(await ses.emails(), stopped)[0]!.body.text ?? '',
    )![1]!;
    await confirmContactStop(token, 'address', filedAt());
    await checkInTripPlan(
      owner,
      plan.id,
      { kind: 'late', returnDate: RETURN_DATE, returnTime: '19:00', reason: 'Slow' },
      returnAt('16:00'),
    );
    await sendDueEmails(returnAt('16:00'));
    const subjectsTo = async (address: string) => sentTo(await ses.emails(), address).map((m) => m.subject);
    expect(await subjectsTo(stays)).toContain('Trip plan update: the party expects to be back later');
    expect(await subjectsTo(stopped)).not.toContain('Trip plan update: the party expects to be back later');
  });

  it('reminds the party before expected return, with a link to check in, once', async () => {
    const owner = `trip-owner-${tag()}`;
    await setDisplayName(owner, 'Remi');
    const plan = await fileTripPlan(owner, planInput(`c-${tag()}@example.org`), filedAt());
    const reminderTime = new Date(returnAt().getTime() - minutes(20));
    await Promise.all([runTripPlanSchedule(reminderTime), runTripPlanSchedule(reminderTime)]);
    await sendDueEmails(reminderTime);
    const mail = sentTo(await ses.emails(), `${owner}@example.com`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Are you back\?/);
    expect(mail[0]!.body.text).toContain(`/trip-plans/${plan.id}?check-in=1`);
  });
});
