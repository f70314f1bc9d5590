import { describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import {
  ActivityRidesResponse,
  MyRidesResponse,
  RIDE_MESSAGES,
  type OfferRideRequest,
} from '../../../functions/shared/schemas/rides';
import {
  call,
  createActivity,
  join,
  newUser,
  notificationsOf,
  partitionOf,
  setDisplayName,
} from '../group-activities/helpers';

const rides = (json: unknown) => ActivityRidesResponse.parse(json);
const error = (json: unknown) => ApiErrorBody.parse(json).error;

function offer(overrides: Partial<OfferRideRequest> = {}): OfferRideRequest {
  return {
    vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
    seats: 3,
    departureTime: '07:15',
    pickupLocations: ['Kitsilano Beach parking', 'Burrard SkyTrain Station'],
    costPerPerson: 12,
    notes: 'Room for poles.',
    ...overrides,
  };
}

/** An activity at 08:00 with an organizer and `extra` participants. */
async function activityWith(extra: number, maxParticipants: 2 | 3 | 4 | 5 | 6 | 8 | 10 = 10) {
  const organizer = newUser();
  const participants = Array.from({ length: extra }, () => newUser());
  const activity = await createActivity(organizer, { maxParticipants, title: 'Grouse Grind' });
  for (const p of participants) expect((await join(activity.id, p)).status).toBe(200);
  return { activity, organizer, participants };
}

const path = (activityId: string, more: Record<string, string> = {}) => ({ pathParameters: { activityId, ...more } });

describe('ride offers', () => {
  it('lets a participant offer a ride that the other participants see', async () => {
    const { activity, organizer, participants } = await activityWith(1);
    const [driver] = participants as [string];
    await setDisplayName(driver, 'Jordan');
    const res = await call('post-ride-offer', driver, { ...path(activity.id), body: offer() });
    expect(res.status).toBe(201);

    const seen = rides((await call('get-activity-rides', organizer, path(activity.id))).json);
    expect(seen.offers).toHaveLength(1);
    expect(seen.offers[0]).toMatchObject({
      driverName: 'Jordan',
      ridesOffered: 1,
      vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
      seats: 3,
      availableSeats: 3,
      pickupLocations: ['Kitsilano Beach parking', 'Burrard SkyTrain Station'],
      costPerPerson: 12,
      notes: 'Room for poles.',
      passengers: [],
      isMine: false,
      bookedByMe: false,
    });
    // The departure as typed: 07:15 on the activity's date, wall-clock time in British Columbia (never an instant to convert).
    expect(seen.offers[0]).toMatchObject({
      departureDate: activity.date,
      departureTime: '07:15',
      timeZone: 'America/Vancouver',
    });
    const stored = (await partitionOf(activity.id)).find((item) => item.entity === 'RideOffer');
    // The server's own instant (for its schedules), from the pinned tz data: 45 minutes before the 08:00 start.
    expect(Date.parse(activity.startsAt) - Date.parse(String(stored?.departureTime))).toBe(45 * 60_000);
  });

  it('hides rides from anyone who does not take part, and refuses their offers, requests and bookings', async () => {
    const { activity, participants } = await activityWith(1);
    const [driver] = participants as [string];
    const created = rides((await call('post-ride-offer', driver, { ...path(activity.id), body: offer() })).json);
    const outsider = newUser();
    const before = await partitionOf(activity.id);

    for (const res of [
      await call('get-activity-rides', outsider, path(activity.id)),
      await call('post-ride-offer', outsider, { ...path(activity.id), body: offer() }),
      await call('post-ride-request', outsider, {
        ...path(activity.id),
        body: { preferredPickup: 'Main St', willingToShare: true },
      }),
      await call('post-ride-booking', outsider, path(activity.id, { rideId: created.offers[0]!.id })),
    ]) {
      expect(res.status).toBe(403);
      expect(error(res.json).message).toBe('Only people taking part in this activity can see and use its rides.');
    }
    expect(await partitionOf(activity.id)).toEqual(before);
    const theirRides = MyRidesResponse.parse((await call('get-my-rides', outsider)).json);
    expect(theirRides.offers).toEqual([]);
  });

  it.each([
    ['costPerPerson', { costPerPerson: 25 }, RIDE_MESSAGES.costTooHigh],
    ['costPerPerson', { costPerPerson: -2 }, RIDE_MESSAGES.cost],
    ['seats', { seats: 5 as 4 }, RIDE_MESSAGES.seats],
    ['pickupLocations', { pickupLocations: [] }, RIDE_MESSAGES.pickupLocations],
    ['vehicle.model', { vehicle: { make: 'Subaru', model: '', year: 2021, color: 'Green' } }, RIDE_MESSAGES.model],
    ['departureTime', { departureTime: '08:30' }, RIDE_MESSAGES.departureAfterStart],
  ])('refuses a bad %s with a 400 and stores nothing', async (field, change, message) => {
    const { activity, organizer } = await activityWith(0);
    const before = await partitionOf(activity.id);
    const res = await call('post-ride-offer', organizer, { ...path(activity.id), body: offer(change) });
    expect(res.status).toBe(400);
    expect(error(res.json).fields?.[field]).toBe(message);
    expect(await partitionOf(activity.id)).toEqual(before);
  });

  it('allows one offer per driver and activity, and only the driver withdraws it', async () => {
    const { activity, organizer, participants } = await activityWith(1);
    const [driver] = participants as [string];
    const created = rides((await call('post-ride-offer', driver, { ...path(activity.id), body: offer() })).json)
      .offers[0]!;
    const second = await call('post-ride-offer', driver, { ...path(activity.id), body: offer() });
    expect(second.status).toBe(409);
    expect((await call('delete-ride-offer', organizer, path(activity.id, { rideId: created.id }))).status).toBe(403);
    const withdrawn = await call('delete-ride-offer', driver, path(activity.id, { rideId: created.id }));
    expect(withdrawn.status).toBe(200);
    expect(rides(withdrawn.json).offers).toEqual([]);
  });

  it('stores exactly one of 5 parallel offers by the same driver, and one of 5 parallel requests', async () => {
    const { activity, participants } = await activityWith(2);
    const [driver, rider] = participants as [string, string];
    const offers = await Promise.all(
      Array.from({ length: 5 }, () => call('post-ride-offer', driver, { ...path(activity.id), body: offer() })),
    );
    expect(offers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of offers.filter((r) => r.status === 409))
      expect(error(r.json)).toMatchObject({
        code: 'ride_exists',
        message: 'You already offer a ride to this activity.',
      });
    const requests = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('post-ride-request', rider, {
          ...path(activity.id),
          body: { preferredPickup: 'Main St', willingToShare: true },
        }),
      ),
    );
    expect(requests.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const items = await partitionOf(activity.id);
    expect(items.filter((item) => item.entity === 'RideOffer')).toHaveLength(1);
    expect(items.filter((item) => item.entity === 'RideRequest')).toHaveLength(1);
  });

  it("lowers the driver's rides offered when an offer is withdrawn, and lets them offer again", async () => {
    const { activity, organizer, participants } = await activityWith(1);
    const [driver] = participants as [string];
    const created = rides((await call('post-ride-offer', driver, { ...path(activity.id), body: offer() })).json)
      .offers[0]!;
    expect(created.ridesOffered).toBe(1);
    expect((await call('delete-ride-offer', driver, path(activity.id, { rideId: created.id }))).status).toBe(200);
    const again = rides((await call('post-ride-offer', driver, { ...path(activity.id), body: offer() })).json)
      .offers[0]!;
    expect(again.ridesOffered).toBe(1);
    expect(
      rides((await call('get-activity-rides', organizer, path(activity.id))).json).offers.map((o) => o.ridesOffered),
    ).toEqual([1]);
  });
});

describe('booking seats', () => {
  it('books exactly 3 seats of a 3-seat ride when 10 participants book at once', async () => {
    const { activity, organizer, participants } = await activityWith(9);
    const created = rides(
      (await call('post-ride-offer', organizer, { ...path(activity.id), body: offer({ seats: 3 }) })).json,
    ).offers[0]!;
    const results = await Promise.all(
      [...participants, organizer].map((user) =>
        call('post-ride-booking', user, path(activity.id, { rideId: created.id })),
      ),
    );

    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200).map((r) => [r.status, error(r.json).code]);
    expect(refused).toHaveLength(7);
    // The driver's own attempt is refused for being their own ride; the rest because the ride is full.
    expect(refused.filter(([, code]) => code === 'own_ride')).toHaveLength(1);
    expect(refused.filter(([status, code]) => status === 409 && code === 'full')).toHaveLength(6);

    const after = rides((await call('get-activity-rides', organizer, path(activity.id))).json).offers[0]!;
    expect(after).toMatchObject({ availableSeats: 0 });
    expect(after.passengers).toHaveLength(3);
    const bookings = (await partitionOf(activity.id)).filter((item) => String(item.sk).startsWith('RIDEBOOK#'));
    expect(bookings).toHaveLength(3);
    expect((await notificationsOf(organizer)).filter((n) => n.type === 'ride_booked')).toHaveLength(3);
  });

  it('books once per user, never on the own ride, and frees the seat on cancel', async () => {
    const { activity, participants } = await activityWith(2);
    const [driver, rider] = participants as [string, string];
    await setDisplayName(rider, 'Priya');
    const ride = rides(
      (await call('post-ride-offer', driver, { ...path(activity.id), body: offer({ seats: 1 }) })).json,
    ).offers[0]!;
    const ridePath = path(activity.id, { rideId: ride.id });

    expect(error((await call('post-ride-booking', driver, ridePath)).json).code).toBe('own_ride');
    const booked = await call('post-ride-booking', rider, ridePath);
    expect(booked.status).toBe(200);
    expect(rides(booked.json).offers[0]).toMatchObject({ availableSeats: 0, bookedByMe: true, passengers: ['Priya'] });
    expect(error((await call('post-ride-booking', rider, ridePath)).json).code).toBe('already_booked');

    const cancelled = await call('delete-ride-booking', rider, ridePath);
    expect(cancelled.status).toBe(200);
    expect(rides(cancelled.json).offers[0]).toMatchObject({ availableSeats: 1, bookedByMe: false, passengers: [] });
    expect((await call('delete-ride-booking', rider, ridePath)).status).toBe(404);

    const toDriver = (await notificationsOf(driver)).map((n) => [n.type, n.message]);
    expect(toDriver).toEqual([
      ['ride_booked', 'Priya booked a seat in your ride to Grouse Grind.'],
      ['ride_cancelled', 'Priya cancelled their seat in your ride to Grouse Grind.'],
    ]);
  });

  it('answers 404 for an unknown ride and 400 for a malformed id', async () => {
    const { activity, organizer } = await activityWith(0);
    expect(
      (await call('post-ride-booking', organizer, path(activity.id, { rideId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }))).status,
    ).toBe(404);
    expect((await call('post-ride-booking', organizer, path(activity.id, { rideId: 'x' }))).status).toBe(400);
  });

  it('tells passengers when the driver withdraws, and when the driver leaves the activity', async () => {
    const { activity, participants } = await activityWith(3);
    const [driver, rider, driver2] = participants as [string, string, string];
    await setDisplayName(driver, 'Noah');
    const first = rides((await call('post-ride-offer', driver, { ...path(activity.id), body: offer() })).json)
      .offers[0]!;
    await call('post-ride-booking', rider, path(activity.id, { rideId: first.id }));
    await call('delete-ride-offer', driver, path(activity.id, { rideId: first.id }));
    expect((await notificationsOf(rider)).map((n) => [n.type, n.message])).toEqual([
      ['ride_cancelled', 'Noah cancelled the ride to Grouse Grind; your seat is no longer booked.'],
    ]);

    const second = rides((await call('post-ride-offer', driver2, { ...path(activity.id), body: offer() })).json)
      .offers[0]!;
    await call('post-ride-booking', rider, path(activity.id, { rideId: second.id }));
    await call('post-leave-group-activity', driver2, path(activity.id));
    expect((await notificationsOf(rider)).filter((n) => n.type === 'ride_cancelled')).toHaveLength(2);
    const left = (await partitionOf(activity.id)).filter((item) => String(item.sk).startsWith('RIDE'));
    expect(left).toEqual([]);
  });
});

describe('the driver cancels a booked ride', () => {
  it("tells every passenger, with the driver's reason", async () => {
    const { activity, participants } = await activityWith(3);
    const [driver, rider, rider2] = participants as [string, string, string];
    await setDisplayName(driver, 'Noah');
    const ride = rides((await call('post-ride-offer', driver, { ...path(activity.id), body: offer() })).json)
      .offers[0]!;
    await call('post-ride-booking', rider, path(activity.id, { rideId: ride.id }));
    await call('post-ride-booking', rider2, path(activity.id, { rideId: ride.id }));
    const cancelled = await call('delete-ride-offer', driver, {
      ...path(activity.id, { rideId: ride.id }),
      body: { reason: '  The car will not start.  ' },
    });
    expect(cancelled.status).toBe(200);
    expect(rides(cancelled.json).offers).toEqual([]);
    const told =
      "Noah cancelled the ride to Grouse Grind; your seat is no longer booked. Noah's reason: The car will not start.";
    for (const passenger of [rider, rider2])
      expect((await notificationsOf(passenger)).map((n) => [n.type, n.message])).toEqual([['ride_cancelled', told]]);
  });

  it('refuses a reason over 200 characters or an unknown field, and keeps the ride', async () => {
    const { activity, participants } = await activityWith(2);
    const [driver, rider] = participants as [string, string];
    const ride = rides((await call('post-ride-offer', driver, { ...path(activity.id), body: offer() })).json)
      .offers[0]!;
    await call('post-ride-booking', rider, path(activity.id, { rideId: ride.id }));
    for (const body of [{ reason: 'x'.repeat(201) }, { reason: 'ok', notify: false }]) {
      const refused = await call('delete-ride-offer', driver, { ...path(activity.id, { rideId: ride.id }), body });
      expect(refused.status).toBe(400);
    }
    expect(rides((await call('get-activity-rides', rider, path(activity.id))).json).offers[0]).toMatchObject({
      id: ride.id,
      bookedByMe: true,
    });
    expect(await notificationsOf(rider)).toEqual([]);
  });
});

describe('ride requests', () => {
  it('lets a participant ask for a ride and a driver offer theirs, telling the requester', async () => {
    const { activity, participants } = await activityWith(2);
    const [driver, requester] = participants as [string, string];
    await setDisplayName(driver, 'Maya');
    const asked = await call('post-ride-request', requester, {
      ...path(activity.id),
      body: { preferredPickup: 'Main Street Station', willingToShare: true, notes: 'Happy to chip in.' },
    });
    expect(asked.status).toBe(201);
    const request = rides(asked.json).requests[0]!;
    expect(request).toMatchObject({
      preferredPickup: 'Main Street Station',
      willingToShare: true,
      notes: 'Happy to chip in.',
      isMine: true,
      offeredBy: [],
    });
    expect(
      (
        await call('post-ride-request', requester, {
          ...path(activity.id),
          body: { preferredPickup: 'Elsewhere', willingToShare: false },
        })
      ).status,
    ).toBe(409);

    const requestPath = path(activity.id, { requestId: request.id });
    expect(error((await call('post-ride-request-offer', driver, requestPath)).json).code).toBe('no_ride');
    await call('post-ride-offer', driver, { ...path(activity.id), body: offer() });
    const offered = await call('post-ride-request-offer', driver, requestPath);
    expect(offered.status).toBe(200);
    expect(rides(offered.json).requests[0]).toMatchObject({ offeredBy: ['Maya'], offeredByMe: true });
    expect((await call('post-ride-request-offer', driver, requestPath)).status).toBe(409);
    expect(error((await call('post-ride-request-offer', requester, requestPath)).json).code).toBe('own_request');

    expect((await notificationsOf(requester)).map((n) => [n.type, n.message])).toEqual([
      ['ride_offered', 'Maya offered you a ride to Grouse Grind.'],
    ]);

    expect((await call('delete-ride-request', driver, requestPath)).status).toBe(403);
    const withdrawn = await call('delete-ride-request', requester, requestPath);
    expect(rides(withdrawn.json).requests).toEqual([]);
  });

  it("closes the booker's own open request when they book a seat, and lets them ask again after withdrawing", async () => {
    const { activity, participants } = await activityWith(2);
    const [driver, rider] = participants as [string, string];
    const requested = rides(
      (
        await call('post-ride-request', rider, {
          ...path(activity.id),
          body: { preferredPickup: 'Metrotown', willingToShare: true },
        })
      ).json,
    );
    expect(requested.requests).toHaveLength(1);
    const created = rides((await call('post-ride-offer', driver, { ...path(activity.id), body: offer() })).json)
      .offers[0]!;
    const booked = await call('post-ride-booking', rider, path(activity.id, { rideId: created.id }));
    expect(booked.status).toBe(200);
    expect(rides(booked.json).requests).toEqual([]);
    expect((await partitionOf(activity.id)).filter((item) => String(item.sk).startsWith('REQUESTBY#'))).toEqual([]);
    expect(
      (
        await call('post-ride-request', rider, {
          ...path(activity.id),
          body: { preferredPickup: 'Metrotown', willingToShare: true },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a request without a pickup or a yes/no on sharing', async () => {
    const { activity, organizer } = await activityWith(0);
    const res = await call('post-ride-request', organizer, {
      ...path(activity.id),
      body: { preferredPickup: '', willingToShare: 'maybe' },
    });
    expect(res.status).toBe(400);
    expect(error(res.json).fields).toEqual({
      preferredPickup: RIDE_MESSAGES.preferredPickup,
      willingToShare: RIDE_MESSAGES.willingToShare,
    });
  });
});

describe('Find Rides', () => {
  it("gathers offers and requests of the caller's upcoming activities", async () => {
    const { activity, organizer, participants } = await activityWith(1);
    const [rider] = participants as [string];
    await call('post-ride-offer', organizer, { ...path(activity.id), body: offer() });
    await call('post-ride-request', rider, {
      ...path(activity.id),
      body: { preferredPickup: 'Metrotown', willingToShare: true },
    });
    const mine = MyRidesResponse.parse((await call('get-my-rides', rider)).json);
    expect(mine.activities.map((a) => a.id)).toContain(activity.id);
    expect(mine.offers.filter((o) => o.activityId === activity.id)).toHaveLength(1);
    expect(mine.requests.filter((r) => r.activityId === activity.id)).toMatchObject([
      { preferredPickup: 'Metrotown', isMine: true },
    ]);
  });
});
