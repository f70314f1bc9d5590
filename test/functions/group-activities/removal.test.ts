import { describe, expect, it } from 'vitest';
import { removeParticipant } from '../../../functions/repositories/rides';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import { GroupActivityDetails, GroupActivityListResponse } from '../../../functions/shared/schemas/group-activities';
import { ActivityRidesResponse } from '../../../functions/shared/schemas/rides';
import { call, createActivity, join, newUser, notificationsOf, partitionOf, setDisplayName } from './helpers';

const path = (activityId: string, more: Record<string, string> = {}) => ({ pathParameters: { activityId, ...more } });
const error = (json: unknown) => ApiErrorBody.parse(json).error;
const OFFER = {
  vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
  seats: 3,
  departureTime: '07:15',
  pickupLocations: ['Lonsdale Quay'],
  costPerPerson: 10,
  notes: '',
};

/** An organizer, a driver offering a ride and a participant with a seat in it and a ride request of their own. */
async function activityWithPassenger() {
  const [organizer, driver, passenger] = [newUser(), newUser(), newUser()];
  await setDisplayName(organizer, 'Olive Organizer');
  await setDisplayName(passenger, 'Pat Passenger');
  const activity = await createActivity(organizer, { title: 'Seymour loop', maxParticipants: 4 });
  for (const who of [driver, passenger]) expect((await join(activity.id, who)).status).toBe(200);
  const offered = ActivityRidesResponse.parse(
    (await call('post-ride-offer', driver, { ...path(activity.id), body: OFFER })).json,
  );
  const rideId = offered.offers[0]!.id;
  expect((await call('post-ride-booking', passenger, path(activity.id, { rideId }))).status).toBe(200);
  expect(
    (
      await call('post-ride-request', passenger, {
        ...path(activity.id),
        body: { preferredPickup: 'Main St', willingToShare: true },
      })
    ).status,
  ).toBe(201);
  return { activity, organizer, driver, passenger, rideId };
}

const remove = (caller: string, activityId: string, userId: string) =>
  call('delete-group-activity-participant', caller, path(activityId, { userId }));

describe('an organizer removes a participant', () => {
  it('only the organizer is given participant ids, to remove someone', async () => {
    const { activity, organizer, driver, passenger } = await activityWithPassenger();
    const asOrganizer = GroupActivityDetails.parse(
      (await call('get-group-activity', organizer, path(activity.id))).json,
    );
    expect(asOrganizer.participants.map((p) => p.userId).sort()).toEqual([organizer, driver, passenger].sort());
    const asDriver = GroupActivityDetails.parse((await call('get-group-activity', driver, path(activity.id))).json);
    expect(asDriver.participants.every((p) => p.userId === undefined)).toBe(true);
    expect(JSON.stringify(asDriver)).not.toContain(passenger);
  });

  it('takes their seat and their bookings in one go: seat count and ride seats back, their request gone', async () => {
    const { activity, organizer, driver, passenger, rideId } = await activityWithPassenger();
    const res = await remove(organizer, activity.id, passenger);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const details = GroupActivityDetails.parse(res.json);
    expect(details.participantCount).toBe(2);
    expect(details.participants.map((p) => p.displayName)).not.toContain('Pat Passenger');

    const items = await partitionOf(activity.id);
    expect(items.filter((i) => String(i.sk).includes(passenger))).toEqual([]);
    expect(items.find((i) => i.sk === 'META')?.participantCount).toBe(2);
    expect(items.find((i) => i.sk === `RIDE#${rideId}`)?.seatsBooked).toBe(0);
    expect(items.filter((i) => i.entity === 'RideRequest')).toEqual([]);
    const rides = ActivityRidesResponse.parse((await call('get-activity-rides', driver, path(activity.id))).json);
    expect(rides.offers[0]).toMatchObject({ availableSeats: 3, passengers: [] });

    // The removed person is told, without a name; the driver learns that a seat is free.
    const told = await notificationsOf(passenger);
    const removal = told.find((n) => n.type === 'activity_removed');
    expect(removal?.message).toBe('You were removed from Seymour loop. You can no longer join it.');
    expect(removal?.message).not.toContain('Olive');
    expect(
      (await notificationsOf(driver)).some((n) => n.type === 'ride_cancelled' && n.message.includes('Pat Passenger')),
    ).toBe(true);
  });

  it('a removed participant cannot join again, nor see it: the same answer as for an activity that does not exist', async () => {
    const { activity, organizer, passenger } = await activityWithPassenger();
    expect((await remove(organizer, activity.id, passenger)).status).toBe(200);
    const missing = await call('get-group-activity', passenger, path(activity.id, {}));
    const rejoin = await join(activity.id, passenger);
    expect(rejoin.status).toBe(404);
    expect(rejoin.json).toEqual(missing.json);
    expect(missing.status).toBe(404);
    const before = await partitionOf(activity.id);
    expect((await join(activity.id, passenger)).status).toBe(404);
    expect(await partitionOf(activity.id)).toEqual(before);
    const nearby = GroupActivityListResponse.parse(
      (await call('get-group-activities', passenger, { query: 'area=north-vancouver' })).json,
    );
    expect(nearby.activities.map((a) => a.id)).not.toContain(activity.id);
    const mine = GroupActivityListResponse.parse((await call('get-my-group-activities', passenger)).json);
    expect(mine.activities.map((a) => a.id)).not.toContain(activity.id);
  });

  it('refuses anyone but the organizer (403) and changes nothing', async () => {
    const { activity, driver, passenger } = await activityWithPassenger();
    const before = await partitionOf(activity.id);
    const res = await remove(driver, activity.id, passenger);
    expect(res.status).toBe(403);
    expect(error(res.json).message).toBe('Only the organizer can remove participants from this activity.');
    expect((await remove(passenger, activity.id, passenger)).status).toBe(403);
    expect(await partitionOf(activity.id)).toEqual(before);
  });

  it('answers 404 for someone who does not take part, 409 for the organizer themself, 400 for a malformed id', async () => {
    const { activity, organizer } = await activityWithPassenger();
    const before = await partitionOf(activity.id);
    const stranger = await remove(organizer, activity.id, newUser());
    expect(stranger.status).toBe(404);
    expect(error(stranger.json).message).toBe('That person does not take part in this activity.');
    expect((await remove(organizer, activity.id, organizer)).status).toBe(409);
    expect((await remove(organizer, activity.id, 'not an id!')).status).toBe(400);
    expect(await partitionOf(activity.id)).toEqual(before);
  });

  it('is one transaction: when a booking changed meanwhile, the seat, the count and the other bookings all stay', async () => {
    const { activity, organizer, passenger, rideId } = await activityWithPassenger();
    const before = await partitionOf(activity.id);
    // A stale read naming a booking that no longer exists: its condition fails, so nothing of the rest is written.
    const outcome = await removeParticipant(
      activity.id,
      organizer,
      passenger,
      [rideId, '01ARZ3NDEKTSV4RRFFQ69G5FAV'],
      new Date(),
    );
    expect(outcome).toBe('rides_changed');
    expect(await partitionOf(activity.id)).toEqual(before);
    expect((await join(activity.id, passenger)).status).toBe(409); // still taking part: no removal record either
  });
});
