import { ulid } from 'ulid';
import { activityLink, hasStarted } from '../domain/group-activity';
import { availableSeats, BOOKING_REFUSAL_MESSAGES, bookingRefusal, departureIssue, rideMessages } from '../domain/ride';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import {
  displayNamesOf,
  getGroupActivity,
  getMember,
  listMyMemberships,
  getGroupActivities,
  type GroupActivityRecord,
} from '../repositories/group-activities';
import {
  bookSeat,
  cancelBooking,
  deleteRideOffer,
  deleteRideRequest,
  listActivityRides,
  markRequestOffered,
  putRideOffer,
  putRideRequest,
  ridesOfferedBy,
  type ActivityRides,
  type RideOfferRecord,
  type RideRequestRecord,
} from '../repositories/rides';
import { wallClockInstant } from '../domain/plan-time';
import { FALLBACK_DISPLAY_NAME } from '../shared/schemas/group-activities';
import type {
  ActivityRidesResponse,
  MyRidesResponse,
  OfferRideRequest,
  RequestRideRequest,
  RideOffer,
  RideRequest,
} from '../shared/schemas/rides';
import { blockedWith, enforcePlanLimit, notifyEach, type GroupActivityDeps } from './group-activity-deps';
import { visibleOnly } from '../repositories/reports';

export const RIDES_ARE_FOR_PARTICIPANTS = 'Only people taking part in this activity can see and use its rides.';
const RIDE_EXISTS = 'You already offer a ride to this activity.';
const REQUEST_EXISTS = 'You already asked for a ride to this activity.';
/** How many upcoming activities the Find Rides tab gathers rides from. */
export const MY_RIDES_ACTIVITY_LIMIT = 20;

/** The activity, if the caller takes part in it (organizer included); otherwise 404 or 403. */
async function activityForParticipant(userId: string, activityId: string): Promise<GroupActivityRecord> {
  const activity = await getGroupActivity(activityId);
  if (!activity) throw new NotFoundError('We could not find that activity.');
  if (!(await getMember(activityId, userId))) throw new ForbiddenError(RIDES_ARE_FOR_PARTICIPANTS);
  return activity;
}

function assertOpenForRides(activity: GroupActivityRecord, now: Date): void {
  if (activity.cancelledAt) throw new ConflictError('This activity was cancelled.', 'activity_cancelled');
  if (hasStarted(activity.startsAt, now))
    throw new ConflictError('This activity has already started.', 'activity_started');
}

/** What the viewer may see: nothing of anyone they blocked or were blocked by (offers, requests, names). */
function withoutBlocked(rides: ActivityRides, blocked: Set<string>): ActivityRides {
  return {
    offers: rides.offers.filter((o) => !blocked.has(o.driverId)),
    bookings: rides.bookings.filter((b) => !blocked.has(b.userId)),
    requests: rides.requests
      .filter((r) => !blocked.has(r.requesterId))
      .map((r) => ({ ...r, offeredBy: r.offeredBy.filter((id) => !blocked.has(id)) })),
  };
}

/** Offers and requests hidden by reports or a moderator, or posted by a suspended account, are left out. */
async function withoutHidden(userId: string, rides: ActivityRides): Promise<ActivityRides> {
  const [offers, requests] = await Promise.all([
    visibleOnly(
      userId,
      rides.offers,
      'ride',
      (o) => `${o.activityId}:${o.id}`,
      (o) => o.driverId,
    ),
    visibleOnly(
      userId,
      rides.requests,
      'ride_request',
      (r) => `${r.activityId}:${r.id}`,
      (r) => r.requesterId,
    ),
  ]);
  return { ...rides, offers, requests };
}

async function ridesView(userId: string, all: ActivityRides): Promise<ActivityRidesResponse> {
  const rides = await withoutHidden(userId, withoutBlocked(all, await blockedWith(userId)));
  const people = [
    ...rides.offers.map((o) => o.driverId),
    ...rides.bookings.map((b) => b.userId),
    ...rides.requests.flatMap((r) => [r.requesterId, ...r.offeredBy]),
  ];
  const [names, offered] = await Promise.all([
    displayNamesOf(people, FALLBACK_DISPLAY_NAME),
    ridesOfferedBy(rides.offers.map((o) => o.driverId)),
  ]);
  const nameOf = (id: string) => names.get(id) ?? FALLBACK_DISPLAY_NAME;
  const offers = rides.offers.map((offer): RideOffer => {
    const passengers = rides.bookings.filter((b) => b.rideId === offer.id);
    return {
      id: offer.id,
      activityId: offer.activityId,
      driverName: nameOf(offer.driverId),
      driverRating: null,
      ridesOffered: offered.get(offer.driverId) ?? 0,
      vehicle: offer.vehicle,
      seats: offer.seats,
      availableSeats: availableSeats(offer.seats, offer.seatsBooked),
      departureDate: offer.departureDate,
      departureTime: offer.departureLocalTime,
      timeZone: offer.timeZone,
      pickupLocations: offer.pickupLocations,
      costPerPerson: offer.costPerPerson,
      notes: offer.notes,
      passengers: passengers.map((b) => nameOf(b.userId)),
      passengersNotShown: Math.max(0, offer.seatsBooked - passengers.length),
      isMine: offer.driverId === userId,
      bookedByMe: passengers.some((b) => b.userId === userId),
      createdAt: offer.createdAt,
    };
  });
  const requests = rides.requests.map((request): RideRequest => ({
    id: request.id,
    activityId: request.activityId,
    requesterName: nameOf(request.requesterId),
    preferredPickup: request.preferredPickup,
    willingToShare: request.willingToShare,
    notes: request.notes,
    isMine: request.requesterId === userId,
    offeredBy: request.offeredBy.map(nameOf),
    offeredByMe: request.offeredBy.includes(userId),
    createdAt: request.createdAt,
  }));
  return { offers, requests };
}

/** GET /api/group-activities/{id}/rides: for participants only. */
export async function listRidesOfActivity(userId: string, activityId: string): Promise<ActivityRidesResponse> {
  await activityForParticipant(userId, activityId);
  return ridesView(userId, await listActivityRides(activityId));
}

/** GET /api/rides: the rides of the caller's upcoming activities (the dashboard's Find Rides tab). */
export async function listMyRides(userId: string, now: Date): Promise<MyRidesResponse> {
  const memberships = await listMyMemberships(
    userId,
    { sortKey: now.toISOString(), after: false },
    MY_RIDES_ACTIVITY_LIMIT,
  );
  const [joined, blocked] = await Promise.all([
    getGroupActivities(memberships.items.map((m) => m.activityId)),
    blockedWith(userId),
  ]);
  const activities = joined.filter((a) => !a.cancelledAt && !blocked.has(a.organizerId));
  const perActivity = await Promise.all(activities.map((a) => listActivityRides(a.id)));
  const all: ActivityRides = {
    offers: perActivity.flatMap((r) => r.offers),
    bookings: perActivity.flatMap((r) => r.bookings),
    requests: perActivity.flatMap((r) => r.requests),
  };
  const view = await ridesView(userId, all);
  return {
    activities: activities.map((a) => ({
      id: a.id,
      title: a.title,
      date: a.date,
      time: a.time,
      startsAt: a.startsAt,
      location: a.location,
    })),
    ...view,
  };
}

export async function offerRide(
  userId: string,
  activityId: string,
  input: OfferRideRequest,
  now: Date,
): Promise<ActivityRidesResponse> {
  const activity = await activityForParticipant(userId, activityId);
  assertOpenForRides(activity, now);
  const departsAt = wallClockInstant(activity.date, input.departureTime, activity.timeZone);
  const issue = departureIssue(departsAt, new Date(activity.startsAt), now);
  if (issue) throw new BadRequestError('The request body is invalid.', { departureTime: issue }, 'validation_failed');
  const existing = await listActivityRides(activityId);
  if (existing.offers.some((o) => o.driverId === userId)) throw new ConflictError(RIDE_EXISTS, 'ride_exists');
  const offer: RideOfferRecord = {
    id: ulid(now.getTime()),
    activityId,
    driverId: userId,
    vehicle: input.vehicle,
    seats: input.seats,
    seatsBooked: 0,
    departureTime: departsAt.toISOString(),
    departureDate: activity.date,
    departureLocalTime: input.departureTime,
    timeZone: activity.timeZone,
    pickupLocations: input.pickupLocations,
    costPerPerson: input.costPerPerson,
    notes: input.notes,
    createdAt: now.toISOString(),
  };
  const saved = await putRideOffer(offer);
  if (saved === 'exists') throw new ConflictError(RIDE_EXISTS, 'ride_exists');
  if (saved === 'not_participant') throw new ForbiddenError(RIDES_ARE_FOR_PARTICIPANTS);
  return ridesView(userId, await listActivityRides(activityId));
}

async function findOffer(
  activityId: string,
  rideId: string,
): Promise<{ rides: ActivityRides; offer: RideOfferRecord }> {
  const rides = await listActivityRides(activityId);
  const offer = rides.offers.find((o) => o.id === rideId);
  if (!offer) throw new NotFoundError('We could not find that ride.');
  return { rides, offer };
}

/** The driver withdraws their offer; whoever had booked a seat is told, with the driver's reason when they gave one. */
export async function withdrawRide(
  userId: string,
  activityId: string,
  rideId: string,
  now: Date,
  deps: GroupActivityDeps,
  reason?: string,
): Promise<ActivityRidesResponse> {
  const activity = await activityForParticipant(userId, activityId);
  const { offer } = await findOffer(activityId, rideId);
  if (offer.driverId !== userId) throw new ForbiddenError('Only the driver can cancel this ride.');
  await withdrawOffer(activity, offer, now, deps, reason);
  return ridesView(userId, await listActivityRides(activityId));
}

async function withdrawOffer(
  activity: GroupActivityRecord,
  offer: RideOfferRecord,
  now: Date,
  deps: GroupActivityDeps,
  reason?: string,
): Promise<number> {
  const passengers = await deleteRideOffer(offer);
  if (passengers.length > 0) {
    const driver =
      (await displayNamesOf([offer.driverId], FALLBACK_DISPLAY_NAME)).get(offer.driverId) ?? FALLBACK_DISPLAY_NAME;
    await notifyEach(
      deps,
      passengers,
      {
        type: 'ride_cancelled',
        actorId: offer.driverId,
        message: rideMessages.rideWithdrawn(driver, activity.title, reason),
        link: activityLink(activity.id),
      },
      now,
    );
  }
  return 1 + passengers.length;
}

/** Join Ride: books one seat, atomically (never more passengers than seats, never twice, never one's own ride). */
export async function bookRide(
  userId: string,
  activityId: string,
  rideId: string,
  now: Date,
  deps: GroupActivityDeps,
): Promise<ActivityRidesResponse> {
  const activity = await activityForParticipant(userId, activityId);
  assertOpenForRides(activity, now);
  const { rides, offer } = await findOffer(activityId, rideId);
  if ((await blockedWith(userId)).has(offer.driverId)) throw new NotFoundError('We could not find that ride.');
  const refusal = bookingRefusal(
    offer,
    userId,
    rides.bookings.some((b) => b.rideId === rideId && b.userId === userId),
  );
  if (refusal) throw new ConflictError(BOOKING_REFUSAL_MESSAGES[refusal], refusal);
  await bookSeatOrSayWhy(activityId, rideId, userId, now);
  // A seat answers the booker's own ride request: it closes, so drivers stop offering to it.
  for (const request of rides.requests.filter((r) => r.requesterId === userId)) await deleteRideRequest(request);
  const name = (await displayNamesOf([userId], FALLBACK_DISPLAY_NAME)).get(userId) ?? FALLBACK_DISPLAY_NAME;
  await notifyEach(
    deps,
    [offer.driverId],
    {
      type: 'ride_booked',
      actorId: userId,
      message: rideMessages.booked(name, activity.title),
      link: activityLink(activityId),
    },
    now,
  );
  return ridesView(userId, await listActivityRides(activityId));
}

const BOOKING_ATTEMPTS = 5;

/** The booking write is atomic; when its condition fails while a fresh read still shows a seat, it lost a race and tries again. */
async function bookSeatOrSayWhy(activityId: string, rideId: string, userId: string, now: Date): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await bookSeat(activityId, rideId, userId, now);
    if (outcome === 'booked') return;
    if (outcome === 'already_booked')
      throw new ConflictError(BOOKING_REFUSAL_MESSAGES.already_booked, 'already_booked');
    if (outcome === 'not_allowed') throw new ConflictError('This ride can no longer be booked.', 'not_bookable');
    const { rides, offer } = await findOffer(activityId, rideId);
    const refusal = bookingRefusal(
      offer,
      userId,
      rides.bookings.some((b) => b.rideId === rideId && b.userId === userId),
    );
    if (refusal) throw new ConflictError(BOOKING_REFUSAL_MESSAGES[refusal], refusal);
    if (attempt >= BOOKING_ATTEMPTS) throw new ConflictError(BOOKING_REFUSAL_MESSAGES.full, 'full');
  }
}

export async function cancelRideBooking(
  userId: string,
  activityId: string,
  rideId: string,
  now: Date,
  deps: GroupActivityDeps,
): Promise<ActivityRidesResponse> {
  const activity = await activityForParticipant(userId, activityId);
  const { offer } = await findOffer(activityId, rideId);
  if (!(await cancelBooking(activityId, rideId, userId)))
    throw new NotFoundError('You have no seat booked in this ride.');
  const name = (await displayNamesOf([userId], FALLBACK_DISPLAY_NAME)).get(userId) ?? FALLBACK_DISPLAY_NAME;
  await notifyEach(
    deps,
    [offer.driverId],
    {
      type: 'ride_cancelled',
      actorId: userId,
      message: rideMessages.bookingCancelled(name, activity.title),
      link: activityLink(activityId),
    },
    now,
  );
  return ridesView(userId, await listActivityRides(activityId));
}

export async function requestRide(
  userId: string,
  activityId: string,
  input: RequestRideRequest,
  now: Date,
): Promise<ActivityRidesResponse> {
  const activity = await activityForParticipant(userId, activityId);
  assertOpenForRides(activity, now);
  const existing = await listActivityRides(activityId);
  if (existing.requests.some((r) => r.requesterId === userId))
    throw new ConflictError(REQUEST_EXISTS, 'request_exists');
  await enforcePlanLimit(userId, 'rideRequest', now);
  const request: RideRequestRecord = {
    id: ulid(now.getTime()),
    activityId,
    requesterId: userId,
    ...input,
    offeredBy: [],
    createdAt: now.toISOString(),
  };
  const saved = await putRideRequest(request);
  if (saved === 'exists') throw new ConflictError(REQUEST_EXISTS, 'request_exists');
  if (saved === 'not_participant') throw new ForbiddenError(RIDES_ARE_FOR_PARTICIPANTS);
  return ridesView(userId, await listActivityRides(activityId));
}

export async function withdrawRideRequest(
  userId: string,
  activityId: string,
  requestId: string,
): Promise<ActivityRidesResponse> {
  await activityForParticipant(userId, activityId);
  const rides = await listActivityRides(activityId);
  const request = rides.requests.find((r) => r.id === requestId);
  if (!request) throw new NotFoundError('We could not find that ride request.');
  if (request.requesterId !== userId) throw new ForbiddenError('Only the person who asked can withdraw this request.');
  await deleteRideRequest(request);
  return ridesView(userId, await listActivityRides(activityId));
}

/** Offer Ride on a request: a driver tells the requester their ride has room for them. */
export async function offerRideToRequest(
  userId: string,
  activityId: string,
  requestId: string,
  now: Date,
  deps: GroupActivityDeps,
): Promise<ActivityRidesResponse> {
  const activity = await activityForParticipant(userId, activityId);
  assertOpenForRides(activity, now);
  const rides = await listActivityRides(activityId);
  const request = rides.requests.find((r) => r.id === requestId);
  if (!request || (await blockedWith(userId)).has(request.requesterId))
    throw new NotFoundError('We could not find that ride request.');
  if (request.requesterId === userId) throw new ConflictError('This is your own ride request.', 'own_request');
  const offer = rides.offers.find((o) => o.driverId === userId);
  if (!offer) throw new ConflictError('Offer a ride to this activity first, then offer it to this request.', 'no_ride');
  if (availableSeats(offer.seats, offer.seatsBooked) === 0)
    throw new ConflictError('Your ride has no seats left.', 'full');
  if (!(await markRequestOffered(activityId, requestId, userId)))
    throw new ConflictError('You already offered your ride to this request.', 'already_offered');
  const driver = (await displayNamesOf([userId], FALLBACK_DISPLAY_NAME)).get(userId) ?? FALLBACK_DISPLAY_NAME;
  await notifyEach(
    deps,
    [request.requesterId],
    {
      type: 'ride_offered',
      actorId: userId,
      message: rideMessages.offered(driver, activity.title),
      link: activityLink(activityId),
    },
    now,
  );
  return ridesView(userId, await listActivityRides(activityId));
}

/**
 * Takes a user out of an activity's rides (when they leave it or delete their account): their offer goes
 * (passengers told), their seats are freed (drivers told), their request goes. Returns the items removed.
 */
export async function removeUserRides(
  activity: GroupActivityRecord,
  userId: string,
  now: Date,
  deps: GroupActivityDeps,
): Promise<number> {
  const rides = await listActivityRides(activity.id);
  let removed = 0;
  for (const offer of rides.offers.filter((o) => o.driverId === userId))
    removed += await withdrawOffer(activity, offer, now, deps);
  const myBookings = rides.bookings.filter((b) => b.userId === userId);
  if (myBookings.length > 0) {
    const name = (await displayNamesOf([userId], FALLBACK_DISPLAY_NAME)).get(userId) ?? FALLBACK_DISPLAY_NAME;
    for (const booking of myBookings) {
      if (!(await cancelBooking(activity.id, booking.rideId, userId))) continue;
      removed += 1;
      const driverId = rides.offers.find((o) => o.id === booking.rideId)?.driverId;
      if (driverId && !activity.cancelledAt) {
        await notifyEach(
          deps,
          [driverId],
          {
            type: 'ride_cancelled',
            actorId: userId,
            message: rideMessages.bookingCancelled(name, activity.title),
            link: activityLink(activity.id),
          },
          now,
        );
      }
    }
  }
  for (const request of rides.requests.filter((r) => r.requesterId === userId)) {
    await deleteRideRequest(request);
    removed += 1;
  }
  return removed;
}
