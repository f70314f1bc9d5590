import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { wallClockOf } from '../domain/plan-time';
import { PLAN_TIME_ZONE } from '../shared/schemas/group-activities';
import type { Vehicle } from '../shared/schemas/rides';
import { batchGetAll, deleteItemsByPrefix, writeIfCondition } from './batch';
import { freeSeatItems, openActivityCheck, participantCheck, transact } from './group-activities';
import { rideKeys } from './keys';

/**
 * social table: rides live in their activity's partition, so one Query reads every offer, booking and
 * request of an activity (the same partition the participant check reads).
 *
 * | item | pk | sk |
 * |---|---|---|
 * | ride offer | `GACT#<activityId>` | `RIDE#<rideId>` |
 * | booking (one per ride + passenger) | `GACT#<activityId>` | `RIDEBOOK#<rideId>#<userId>` |
 * | ride request | `GACT#<activityId>` | `RIDEREQ#<requestId>` |
 * | rides offered counter | `USER#<userId>` | `RIDE_STATS` |
 * | one offer per driver (marker) | `GACT#<activityId>` | `OFFERBY#<userId>` |
 * | one request per person (marker) | `GACT#<activityId>` | `REQUESTBY#<userId>` |
 *
 * A seat is booked in one transaction: the ride's counter rises only while below its seats and never on the
 * driver's own ride, the booking item is created only if absent, and the passenger must still be a participant
 * of a not-cancelled activity.
 */
export interface RideOfferRecord {
  id: string;
  activityId: string;
  driverId: string;
  vehicle: Vehicle;
  seats: number;
  seatsBooked: number;
  /** The departure as an instant (the server's schedules and ordering). */
  departureTime: string;
  /** The departure as typed: wall-clock date and time in `timeZone`. */
  departureDate: string;
  departureLocalTime: string;
  timeZone: string;
  pickupLocations: string[];
  costPerPerson: number;
  notes: string;
  createdAt: string;
}

export interface BookingRecord {
  activityId: string;
  rideId: string;
  userId: string;
  bookedAt: string;
}

export interface RideRequestRecord {
  id: string;
  activityId: string;
  requesterId: string;
  preferredPickup: string;
  willingToShare: boolean;
  notes: string;
  /** Drivers who offered their ride to this request. */
  offeredBy: string[];
  createdAt: string;
}

export interface ActivityRides {
  offers: RideOfferRecord[];
  bookings: BookingRecord[];
  requests: RideRequestRecord[];
}

const table = () => tableName('social');

function toOffer(item: Record<string, unknown>): RideOfferRecord {
  const departsAt = String(item.departureTime);
  const timeZone = typeof item.timeZone === 'string' ? item.timeZone : PLAN_TIME_ZONE;
  // Offers stored before the wall-clock fields existed: read their instant back in the plan's zone.
  const typed =
    typeof item.departureDate === 'string' && typeof item.departureLocalTime === 'string'
      ? { date: item.departureDate, time: item.departureLocalTime }
      : wallClockOf(new Date(departsAt), timeZone);
  return {
    id: String(item.id),
    activityId: String(item.activityId),
    driverId: String(item.driverId),
    vehicle: item.vehicle as Vehicle,
    seats: Number(item.seats),
    seatsBooked: Number(item.seatsBooked),
    departureTime: departsAt,
    departureDate: typed.date,
    departureLocalTime: typed.time,
    timeZone,
    pickupLocations: (item.pickupLocations as string[] | undefined) ?? [],
    costPerPerson: Number(item.costPerPerson),
    notes: String(item.notes ?? ''),
    createdAt: String(item.createdAt),
  };
}

function toRequest(item: Record<string, unknown>): RideRequestRecord {
  return {
    id: String(item.id),
    activityId: String(item.activityId),
    requesterId: String(item.requesterId),
    preferredPickup: String(item.preferredPickup),
    willingToShare: item.willingToShare === true,
    notes: String(item.notes ?? ''),
    offeredBy:
      item.offeredBy instanceof Set
        ? [...(item.offeredBy as Set<string>)]
        : ((item.offeredBy as string[] | undefined) ?? []),
    createdAt: String(item.createdAt),
  };
}

/** Every offer, booking and request of an activity, oldest first. */
export async function listActivityRides(activityId: string): Promise<ActivityRides> {
  const { pk, skPrefix } = rideKeys.ridesOf(activityId);
  const rides: ActivityRides = { offers: [], bookings: [], requests: [] };
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of result.Items ?? []) {
      if (item.entity === 'RideOffer') rides.offers.push(toOffer(item));
      else if (item.entity === 'RideBooking')
        rides.bookings.push({
          activityId: String(item.activityId),
          rideId: String(item.rideId),
          userId: String(item.userId),
          bookedAt: String(item.bookedAt),
        });
      else if (item.entity === 'RideRequest') rides.requests.push(toRequest(item));
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  const byCreation = <T extends { createdAt: string }>(a: T, b: T) => a.createdAt.localeCompare(b.createdAt);
  rides.offers.sort(byCreation);
  rides.requests.sort(byCreation);
  rides.bookings.sort((a, b) => a.bookedAt.localeCompare(b.bookedAt));
  return rides;
}

export type PutRideOutcome = 'saved' | 'exists' | 'not_participant';

/**
 * Saves an offer (conditions: the driver offers no other ride to this activity and is still a participant)
 * and counts it in the driver's rides offered, in one transaction.
 */
export async function putRideOffer(offer: RideOfferRecord): Promise<PutRideOutcome> {
  const outcome = await transact({
    TransactItems: [
      {
        Put: {
          TableName: table(),
          Item: { ...rideKeys.offer(offer.activityId, offer.id), entity: 'RideOffer', ...offer },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: table(),
          Item: { ...rideKeys.offerBy(offer.activityId, offer.driverId), entity: 'RideOfferMarker', rideId: offer.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      participantCheck(offer.activityId, offer.driverId),
      {
        Update: {
          TableName: table(),
          Key: rideKeys.stats(offer.driverId),
          UpdateExpression: 'SET entity = :entity, userId = :user ADD ridesOffered :one',
          ExpressionAttributeValues: { ':entity': 'RideStats', ':user': offer.driverId, ':one': 1 },
        },
      },
    ],
  });
  if (outcome.ok) return 'saved';
  return outcome.codes[1] === 'ConditionalCheckFailed' ? 'exists' : 'not_participant';
}

/** How many rides each user has offered (0 for anyone who never did). */
export async function ridesOfferedBy(userIds: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(userIds)];
  const counts = new Map<string, number>(unique.map((id) => [id, 0]));
  if (unique.length === 0) return counts;
  const items = await batchGetAll(
    table(),
    unique.map((id) => rideKeys.stats(id)),
  );
  for (const item of items) counts.set(String(item.userId), Number(item.ridesOffered ?? 0));
  return counts;
}

export type BookingOutcome = 'booked' | 'full_or_own' | 'already_booked' | 'not_allowed';

export async function bookSeat(activityId: string, rideId: string, userId: string, now: Date): Promise<BookingOutcome> {
  const outcome = await transact({
    TransactItems: [
      {
        Update: {
          TableName: table(),
          Key: rideKeys.offer(activityId, rideId),
          UpdateExpression: 'SET seatsBooked = seatsBooked + :one',
          ConditionExpression: 'attribute_exists(pk) AND seatsBooked < seats AND driverId <> :user',
          ExpressionAttributeValues: { ':one': 1, ':user': userId },
        },
      },
      {
        Put: {
          TableName: table(),
          Item: {
            ...rideKeys.booking(activityId, rideId, userId),
            entity: 'RideBooking',
            activityId,
            rideId,
            userId,
            bookedAt: now.toISOString(),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      participantCheck(activityId, userId),
      openActivityCheck(activityId),
    ],
  });
  if (outcome.ok) return 'booked';
  if (outcome.codes[1] === 'ConditionalCheckFailed') return 'already_booked';
  if (outcome.codes[0] === 'ConditionalCheckFailed') return 'full_or_own';
  return 'not_allowed';
}

/** Frees a booked seat; false when the user had none. */
export async function cancelBooking(activityId: string, rideId: string, userId: string): Promise<boolean> {
  const outcome = await transact({
    TransactItems: [
      {
        Delete: {
          TableName: table(),
          Key: rideKeys.booking(activityId, rideId, userId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      {
        Update: {
          TableName: table(),
          Key: rideKeys.offer(activityId, rideId),
          UpdateExpression: 'SET seatsBooked = seatsBooked - :one',
          ConditionExpression: 'attribute_exists(pk) AND seatsBooked > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      },
    ],
  });
  return outcome.ok;
}

/**
 * Removes an offer with its marker and takes it off the driver's rides offered (one transaction, once), then
 * its bookings (no booking can be added once the offer is gone: booking needs it). Returns the passengers
 * whose seats went with it.
 */
export async function deleteRideOffer(
  offer: Pick<RideOfferRecord, 'activityId' | 'id' | 'driverId'>,
): Promise<string[]> {
  const { activityId, id: rideId } = offer;
  const removeOffer = [
    {
      Delete: {
        TableName: table(),
        Key: rideKeys.offer(activityId, rideId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName: table(), Key: rideKeys.offerBy(activityId, offer.driverId) } },
  ];
  const counted = await transact({
    TransactItems: [
      ...removeOffer,
      {
        Update: {
          TableName: table(),
          Key: rideKeys.stats(offer.driverId),
          UpdateExpression: 'SET ridesOffered = ridesOffered - :one',
          ConditionExpression: 'ridesOffered > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      },
    ],
  });
  // No counter to lower (erased meanwhile): the offer still goes. An offer already gone stays gone.
  if (!counted.ok && counted.codes[0] !== 'ConditionalCheckFailed') await transact({ TransactItems: removeOffer });
  const { pk, skPrefix } = rideKeys.bookingsOf(activityId, rideId);
  const bookings = await deleteItemsByPrefix(table(), { pk, prefix: skPrefix }, ['userId']);
  return bookings.map((booking) => String(booking.userId));
}

/** Saves a request (conditions: the requester has no other request for this activity and is still a participant). */
export async function putRideRequest(request: RideRequestRecord): Promise<PutRideOutcome> {
  const { offeredBy: _none, ...fields } = request;
  const outcome = await transact({
    TransactItems: [
      {
        Put: {
          TableName: table(),
          Item: { ...rideKeys.request(request.activityId, request.id), entity: 'RideRequest', ...fields },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: table(),
          Item: {
            ...rideKeys.requestBy(request.activityId, request.requesterId),
            entity: 'RideRequestMarker',
            requestId: request.id,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      participantCheck(request.activityId, request.requesterId),
    ],
  });
  if (outcome.ok) return 'saved';
  return outcome.codes[1] === 'ConditionalCheckFailed' ? 'exists' : 'not_participant';
}

export async function deleteRideRequest(
  request: Pick<RideRequestRecord, 'activityId' | 'id' | 'requesterId'>,
): Promise<void> {
  await transact({
    TransactItems: [
      { Delete: { TableName: table(), Key: rideKeys.request(request.activityId, request.id) } },
      { Delete: { TableName: table(), Key: rideKeys.requestBy(request.activityId, request.requesterId) } },
    ],
  });
}

/** Records that `driverId` offered their ride to a request; false if they already had (or the request is gone). */
export async function markRequestOffered(activityId: string, requestId: string, driverId: string): Promise<boolean> {
  return writeIfCondition(
    new UpdateCommand({
      TableName: table(),
      Key: rideKeys.request(activityId, requestId),
      UpdateExpression: 'ADD offeredBy :driver',
      ConditionExpression: 'attribute_exists(pk) AND NOT contains(offeredBy, :driverId)',
      ExpressionAttributeValues: { ':driver': new Set([driverId]), ':driverId': driverId },
    }),
  );
}

export async function deleteRideStats(userId: string): Promise<number> {
  const result = await dynamo().send(
    new DeleteCommand({ TableName: table(), Key: rideKeys.stats(userId), ReturnValues: 'ALL_OLD' }),
  );
  return result.Attributes ? 1 : 0;
}

export type RemoveOutcome = 'removed' | 'not_participant' | 'not_organizer' | 'rides_changed';

/**
 * The organizer removes a participant (here, beside the ride keys it needs), in one transaction: the participant item goes, the seat counter drops,
 * each of their ride bookings on this activity goes with its seat back on the ride, and a removal record keeps
 * them from joining again. `bookingRideIds` are the rides they had a seat in when read; if that changed
 * meanwhile (a booking condition failed), the caller reads again and retries.
 */
export async function removeParticipant(
  activityId: string,
  organizerId: string,
  userId: string,
  bookingRideIds: readonly string[],
  now: Date,
): Promise<RemoveOutcome> {
  const bookings = bookingRideIds.flatMap((rideId) => [
    {
      Delete: {
        TableName: table(),
        Key: rideKeys.booking(activityId, rideId, userId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    {
      Update: {
        TableName: table(),
        Key: rideKeys.offer(activityId, rideId),
        UpdateExpression: 'SET seatsBooked = seatsBooked - :one',
        ConditionExpression: 'attribute_exists(pk) AND seatsBooked > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      },
    },
  ]);
  const outcome = await transact({
    TransactItems: [...freeSeatItems(activityId, userId, { organizerId, now }), ...bookings],
  });
  if (outcome.ok) return 'removed';
  if (outcome.codes[0] === 'ConditionalCheckFailed') return 'not_participant';
  if (outcome.codes[1] === 'ConditionalCheckFailed') return 'not_organizer';
  return 'rides_changed';
}
