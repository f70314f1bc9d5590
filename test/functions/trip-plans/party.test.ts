import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { wallClockInstant } from '../../../functions/domain/plan-time';
import { dynamo } from '../../../functions/lib/dynamo';
import { removeParticipant as removeParticipantItems } from '../../../functions/repositories/rides';
import { leaveTripParty } from '../../../functions/repositories/trip-plan-party';
import { getTripPlan } from '../../../functions/repositories/trip-plans';
import { TripPlan, TripPlanList, TripPlanInput } from '../../../functions/shared/schemas/trip-plans';
import { callOffActivityTripPlans, leaveActivityTripPlans } from '../../../functions/usecases/trip-plan-party';
import { fileTripPlan, runTripPlanSchedule } from '../../../functions/usecases/trip-plans';
import { eraseTripPlansOfUser } from '../../../functions/usecases/trip-plans-erasure';
import { callRoute, userClaims } from '../../support/api-events';
import { useOwnTables } from '../../support/own-tables';
import { call, createActivity, daysAhead, join, newUser, setDisplayName } from '../group-activities/helpers';

// The outbox is read here before any job sends it: on shared tables, another file's outbox job could send it first.
useOwnTables();
process.env.SITE_URL ??= 'http://localhost:3000';

const RETURN_DATE = daysAhead(3);
const returnAt = () => wallClockInstant(RETURN_DATE, '17:00');
const filedAt = () => new Date(returnAt().getTime() - 86_400_000);
const at = (activityId: string, more: Record<string, string> = {}) => ({ pathParameters: { activityId, ...more } });
const tripCall = (routeId: string, userId: string, planId: string, body?: unknown) =>
  callRoute(routeId, { claims: userClaims(userId), pathParameters: { planId }, ...(body ? { body } : {}) });

function planInput(activityId: string, contactEmail: string) {
  return TripPlanInput.parse({
    activityId,
    trailhead: 'Lynn Headwaters',
    route: 'Lynn Loop',
    area: 'North Shore',
    startDate: RETURN_DATE,
    startTime: '08:00',
    returnDate: RETURN_DATE,
    returnTime: '17:00',
    graceMinutes: 60,
    contacts: [{ name: 'Casey Contact', email: contactEmail }],
  });
}

/** The organiser Alex, and Blair and Drew who joined; Alex files the group's trip plan. */
async function groupWithPlan(startInDays = 3) {
  const [alex, blair, drew] = [newUser(), newUser(), newUser()];
  await setDisplayName(alex, 'Alex');
  await setDisplayName(blair, 'Blair');
  await setDisplayName(drew, 'Drew');
  const activity = await createActivity(alex, { date: daysAhead(startInDays), time: '08:00', maxParticipants: 6 });
  for (const who of [blair, drew]) expect((await join(activity.id, who)).status).toBe(200);
  const contact = `contact-${randomBytes(4).toString('hex')}@example.org`;
  const plan = await fileTripPlan(alex, planInput(activity.id, contact), filedAt());
  expect(plan.party.map((m) => m.name)).toEqual(['Alex', 'Blair', 'Drew']);
  return { activity, alex, blair, drew, plan };
}

async function outbox(id: string): Promise<{ subject: string; text: string } | undefined> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: process.env.TABLE_SOCIAL,
      Key: { pk: `OUTBOX#${id}`, sk: 'OUTBOX' },
      ConsistentRead: true,
    }),
  );
  return result.Item as { subject: string; text: string } | undefined;
}

async function seenBy(userId: string, planId: string) {
  const one = await tripCall('get-trip-plan', userId, planId);
  const list = TripPlanList.parse((await callRoute('get-trip-plans', { claims: userClaims(userId) })).json);
  return { status: one.status, listed: list.plans.some((p) => p.id === planId) };
}

// Each case makes a dozen or more route calls (the first loads the handlers): more than the default 20 s on a busy machine.
describe("a trip plan's party follows who takes part in its activity", { timeout: 60_000 }, () => {
  it('a removed participant no longer sees the plan or checks in; the others keep it; the contacts are told', async () => {
    const { activity, alex, blair, plan } = await groupWithPlan();
    expect(await seenBy(blair, plan.id)).toEqual({ status: 200, listed: true });

    const removed = await call('delete-group-activity-participant', alex, at(activity.id, { userId: blair }));
    expect(removed.status).toBe(200);

    expect(await seenBy(blair, plan.id)).toEqual({ status: 404, listed: false });
    const back = await tripCall('post-trip-check-in', blair, plan.id, { kind: 'back' });
    expect(back.status).toBe(404);
    const asAlex = TripPlan.parse((await tripCall('get-trip-plan', alex, plan.id)).json);
    expect(asAlex.status).toBe('open');
    expect(asAlex.party.map((m) => m.name)).toEqual(['Alex', 'Drew']);

    const told = await outbox(`trip-${plan.id}-left-${blair}-0`);
    // Subjects are fixed text (nothing a user wrote); the body names who left and where.
    expect(told?.subject).toBe('Trip plan update: the party changed');
    expect(told?.text).toContain('Blair is no longer part of the party on the trip plan for Lynn Headwaters');
    expect(told?.text).toContain('The party is now: Alex and Drew.');
  });

  it('someone who leaves the activity leaves the plan, and the overdue alert names only who is still on it', async () => {
    const { activity, alex, drew, plan } = await groupWithPlan();
    expect((await call('post-leave-group-activity', drew, at(activity.id))).status).toBe(200);
    expect(await seenBy(drew, plan.id)).toEqual({ status: 404, listed: false });
    expect((await outbox(`trip-${plan.id}-left-${drew}-0`))?.text).toContain('Drew is no longer part of the party');

    await runTripPlanSchedule(new Date(returnAt().getTime() + 61 * 60_000));
    const alert = await outbox(`trip-${plan.id}-overdue1-0`);
    expect(alert?.text).toContain('Alex and Blair expected to be back from Lynn Headwaters');
    expect((await seenBy(alex, plan.id)).status).toBe(200);
  });

  it('the filer leaving takes only them off: the plan runs on for the rest of the party', async () => {
    const { activity, alex, blair, drew } = await groupWithPlan();
    const plan = await fileTripPlan(blair, planInput(activity.id, 'c@example.org'), filedAt());
    expect((await call('post-leave-group-activity', blair, at(activity.id))).status).toBe(200);
    expect((await seenBy(blair, plan.id)).status).toBe(404);
    for (const who of [alex, drew]) expect(await seenBy(who, plan.id)).toEqual({ status: 200, listed: true });
  });

  it('a party left empty closes the plan; the contacts hear no alert will follow', async () => {
    const { activity, alex, blair, drew, plan } = await groupWithPlan();
    for (const who of [blair, drew, alex]) await leaveActivityTripPlans(activity.id, who, filedAt());
    const stored = await getTripPlan(plan.id, filedAt());
    expect(stored).toMatchObject({ status: 'closed', party: [], dueAt: null });
    expect((await outbox(`trip-${plan.id}-left-${alex}-0`))?.text).toContain('no alert will follow');
    await runTripPlanSchedule(new Date(returnAt().getTime() + 61 * 60_000));
    expect(await outbox(`trip-${plan.id}-overdue1-0`)).toBeUndefined();
  });

  it('a member who deletes their account leaves the party; the contacts are told, without their name', async () => {
    const { alex, blair, drew, plan } = await groupWithPlan();
    await eraseTripPlansOfUser(blair, filedAt());

    expect((await getTripPlan(plan.id, filedAt()))?.party.map((m) => m.name)).toEqual(['Alex', 'Drew']);
    const told = await outbox(`trip-${plan.id}-member-deleted-3-0`);
    expect(told?.subject).toBe('Trip plan update: the party changed');
    expect(told?.text).toContain(
      'Someone in the party on the trip plan for Lynn Headwaters deleted their TrailBuddy account',
    );
    expect(told?.text).toContain('The party is now: Alex and Drew.');
    expect(told?.text).not.toContain('Blair');
    expect(JSON.stringify(told)).not.toContain(blair);
    for (const who of [alex, drew]) expect(await seenBy(who, plan.id)).toEqual({ status: 200, listed: true });
  });

  it('a filer who deletes their account takes the plan with them; its contacts hear no alert will follow', async () => {
    const { alex, plan } = await groupWithPlan();
    await eraseTripPlansOfUser(alex, filedAt());

    expect(await getTripPlan(plan.id, filedAt())).toBeNull();
    const told = await outbox(`trip-${plan.id}-filer-deleted-0`);
    expect(told?.subject).toBe('Trip plan closed: no alert will follow');
    expect(told?.text).toContain('the person who filed it deleted their TrailBuddy account');
    for (const theirs of ['Alex', 'Lynn', alex]) expect(JSON.stringify(told)).not.toContain(theirs);
  });

  it('takes one person off on a condition: a stale read of the party changes nothing', async () => {
    const { activity, blair, drew, plan } = await groupWithPlan();
    const stale = (await getTripPlan(plan.id, filedAt()))!;
    await leaveActivityTripPlans(activity.id, blair, filedAt());
    expect(await leaveTripParty(stale, drew, [], null, filedAt())).toBe(false);
    expect((await getTripPlan(plan.id, filedAt()))!.party.map((m) => m.name)).toEqual(['Alex', 'Drew']);
    // Read again, it goes through.
    expect(await leaveActivityTripPlans(activity.id, drew, filedAt())).toBe(1);
    expect((await getTripPlan(plan.id, filedAt()))!.party.map((m) => m.name)).toEqual(['Alex']);
  });

  it('refuses someone who no longer takes part even before the party change reached the plan', async () => {
    const { activity, alex, blair, plan } = await groupWithPlan();
    expect(await removeParticipantItems(activity.id, alex, blair, [], new Date())).toBe('removed');
    expect(await seenBy(blair, plan.id)).toEqual({ status: 404, listed: false });
    expect((await tripCall('post-trip-check-in', blair, plan.id, { kind: 'back' })).status).toBe(404);
    expect((await getTripPlan(plan.id, filedAt()))!.status).toBe('open');
  });

  it('an activity cancelled before it starts calls its plan off: closed, the contacts told, no alert', async () => {
    const { activity, alex, blair, plan } = await groupWithPlan();
    expect((await call('post-cancel-group-activity', alex, at(activity.id))).status).toBe(200);
    const asBlair = TripPlan.parse((await tripCall('get-trip-plan', blair, plan.id)).json);
    expect(asBlair.status).toBe('closed');
    const calledOff = await outbox(`trip-${plan.id}-called-off-0`);
    expect(calledOff?.subject).toBe('Trip plan called off: no alert will follow');
    expect(calledOff?.text).toContain('the trip plan for Alex, Blair and Drew at Lynn Headwaters');
    expect((await tripCall('post-trip-check-in', blair, plan.id, { kind: 'back' })).status).toBe(409);
  });

  it('an activity cancelled once started keeps its plan open: someone may be out on the trail', async () => {
    const { activity, alex, blair, drew, plan } = await groupWithPlan();
    const started = new Date(Date.parse(activity.startsAt) + 60_000);
    expect(await callOffActivityTripPlans(activity, [alex, blair, drew], started)).toBe(0);
    expect((await getTripPlan(plan.id, started))!.status).toBe('open');
  });
});
