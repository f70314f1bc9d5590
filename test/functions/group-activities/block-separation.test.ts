import { describe, expect, it } from 'vitest';
import { shortDate as formatWallDate } from '../../../functions/domain/group-activity';
import { GroupActivityDetails, GroupActivityListResponse } from '../../../functions/shared/schemas/group-activities';
import { ActivityRidesResponse } from '../../../functions/shared/schemas/rides';
import { TripPlanInput } from '../../../functions/shared/schemas/trip-plans';
import { separateSharedPlans } from '../../../functions/usecases/group-activity-blocks';
import { fileTripPlan } from '../../../functions/usecases/trip-plans';
import { callRoute, userClaims } from '../../support/api-events';
import {
  call,
  createActivity,
  daysAhead,
  join,
  newUser,
  notificationsOf,
  partitionOf,
  setDisplayName,
} from './helpers';

process.env.SITE_URL ??= 'http://localhost:3000';

const at = (activityId: string, more: Record<string, string> = {}) => ({ pathParameters: { activityId, ...more } });
const OFFER = {
  vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
  seats: 3,
  departureTime: '07:15',
  pickupLocations: ['Lonsdale Quay'],
  costPerPerson: 10,
  notes: '',
};
const block = (userId: string, otherId: string) =>
  callRoute('post-partner-block', { claims: userClaims(userId), pathParameters: { userId: otherId } });
const details = async (userId: string, activityId: string) =>
  GroupActivityDetails.parse((await call('get-group-activity', userId, at(activityId))).json);
const rides = async (userId: string, activityId: string) =>
  ActivityRidesResponse.parse((await call('get-activity-rides', userId, at(activityId))).json);

async function offerRide(driver: string, activityId: string): Promise<string> {
  const res = await call('post-ride-offer', driver, { ...at(activityId), body: OFFER });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return ActivityRidesResponse.parse(res.json).offers.find((o) => o.isMine)!.id;
}

/** Avery organises tomorrow's hike and drives; Blake joins, books a seat and is on Avery's trip plan. */
async function sharedHike() {
  const [avery, blake] = [newUser(), newUser()];
  await setDisplayName(avery, 'Avery');
  await setDisplayName(blake, 'Blake');
  const activity = await createActivity(avery, { date: daysAhead(1), time: '08:00', maxParticipants: 4 });
  expect((await join(activity.id, blake)).status).toBe(200);
  const rideId = await offerRide(avery, activity.id);
  expect((await call('post-ride-booking', blake, at(activity.id, { rideId }))).status).toBe(200);
  const plan = await fileTripPlan(
    avery,
    TripPlanInput.parse({
      activityId: activity.id,
      trailhead: 'Lynn Headwaters',
      route: 'Lynn Loop',
      area: 'North Shore',
      startDate: daysAhead(1),
      startTime: '08:00',
      returnDate: daysAhead(1),
      returnTime: '17:00',
      graceMinutes: 60,
      contacts: [{ name: 'Casey', email: 'casey@example.org' }],
    }),
    new Date(),
  );
  return { activity, avery, blake, rideId, plan };
}

async function expectBlakeGoneFromAverysHike(avery: string, blake: string, activityId: string, planId: string) {
  const seen = await details(avery, activityId);
  expect(seen.participantCount).toBe(1);
  expect(seen.participants.map((p) => p.displayName)).toEqual(['Avery']);
  expect((await rides(avery, activityId)).offers[0]).toMatchObject({ availableSeats: 3, passengers: [] });
  expect((await partitionOf(activityId)).filter((item) => String(item.sk).includes(blake))).toEqual([]);
  const mine = GroupActivityListResponse.parse((await call('get-my-group-activities', blake)).json);
  expect(mine.activities.map((a) => a.id)).not.toContain(activityId);
  const plan = (userId: string) =>
    callRoute('get-trip-plan', { claims: userClaims(userId), pathParameters: { planId } });
  expect((await plan(blake)).status).toBe(404);
  expect(((await plan(avery)).json as { party: { name: string }[] }).party.map((m) => m.name)).toEqual(['Avery']);
}

// Each case makes a dozen or more route calls (the first loads the handlers): more than the default 20 s on a busy machine.
describe('a block takes each person out of the plans the other runs', { timeout: 60_000 }, () => {
  it('the organiser blocks a participant: they leave the activity, the ride and the trip plan; told neutrally, the organiser told nothing', async () => {
    const { activity, avery, blake, plan } = await sharedHike();
    const before = await notificationsOf(avery);
    expect((await block(avery, blake)).status).toBe(200);

    await expectBlakeGoneFromAverysHike(avery, blake, activity.id, plan.id);
    const told = (await notificationsOf(blake)).filter((n) => n.type === 'activity_removed');
    expect(told.map((n) => n.message)).toEqual([
      `You no longer take part in the hiking activity on ${formatWallDate(activity.date)}; your seat and any rides you had for it are released.`,
    ]);
    expect(JSON.stringify(told)).not.toContain('Avery');
    expect(await notificationsOf(avery)).toHaveLength(before.length);
  });

  it('a participant blocks the organiser: they leave it all the same', async () => {
    const { activity, avery, blake, plan } = await sharedHike();
    expect((await block(blake, avery)).status).toBe(200);
    await expectBlakeGoneFromAverysHike(avery, blake, activity.id, plan.id);
  });

  it('runs again without changing anything more (a retried block)', async () => {
    const { activity, avery, blake } = await sharedHike();
    expect((await block(avery, blake)).status).toBe(200);
    const after = await partitionOf(activity.id);
    expect(await separateSharedPlans(avery, blake, new Date())).toBe(0);
    expect(await partitionOf(activity.id)).toEqual(after);
  });

  it("in a third person's activity both stay; a seat in the other's ride goes back and the count says who is not named", async () => {
    const [olive, avery, blake] = [newUser(), newUser(), newUser()];
    for (const [id, name] of [
      [olive, 'Olive'],
      [avery, 'Avery'],
      [blake, 'Blake'],
    ] as const)
      await setDisplayName(id, name);
    const activity = await createActivity(olive, { date: daysAhead(1), maxParticipants: 4 });
    for (const who of [avery, blake]) expect((await join(activity.id, who)).status).toBe(200);
    const rideId = await offerRide(avery, activity.id);
    expect((await call('post-ride-booking', blake, at(activity.id, { rideId }))).status).toBe(200);

    expect((await block(avery, blake)).status).toBe(200);

    expect((await details(olive, activity.id)).participants.map((p) => p.displayName)).toEqual([
      'Olive',
      'Avery',
      'Blake',
    ]);
    expect((await rides(olive, activity.id)).offers[0]).toMatchObject({ availableSeats: 3, passengers: [] });
    const told = (await notificationsOf(blake)).filter((n) => n.type === 'ride_cancelled');
    expect(told.map((n) => n.message)).toEqual([
      'Your seat in a ride to Sunday Grouse Grind is no longer booked; look for another ride.',
    ]);
    for (const [viewer, hidden] of [
      [avery, 'Blake'],
      [blake, 'Avery'],
    ] as const) {
      const seen = await details(viewer, activity.id);
      expect(seen.participantCount).toBe(3);
      expect(seen.participants.map((p) => p.displayName)).not.toContain(hidden);
      expect(seen.participants.length + seen.participantsNotShown).toBe(seen.participantCount);
    }
  });

  it("counts the seats of a passenger one is kept apart from in a third person's ride, without naming them", async () => {
    const [olive, avery, blake] = [newUser(), newUser(), newUser()];
    await setDisplayName(blake, 'Blake');
    const activity = await createActivity(olive, { date: daysAhead(1), maxParticipants: 4 });
    for (const who of [avery, blake]) expect((await join(activity.id, who)).status).toBe(200);
    const rideId = await offerRide(olive, activity.id);
    expect((await call('post-ride-booking', blake, at(activity.id, { rideId }))).status).toBe(200);
    expect((await block(avery, blake)).status).toBe(200);

    // Blake keeps the seat in Olive's ride; Avery sees it taken, by someone not named.
    expect((await rides(olive, activity.id)).offers[0]).toMatchObject({
      availableSeats: 2,
      passengers: ['Blake'],
      passengersNotShown: 0,
    });
    const seen = (await rides(avery, activity.id)).offers[0]!;
    expect(seen).toMatchObject({ availableSeats: 2, passengers: [], passengersNotShown: 1 });
    expect(JSON.stringify(seen)).not.toContain('Blake');
  });
});
