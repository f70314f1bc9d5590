import { describe, expect, it } from 'vitest';
import {
  hasRoom,
  maxParticipantsIssue,
  reminderWindow,
  seatStatus,
  seatsLeft,
  shortDate,
} from '../../../functions/domain/group-activity';
import { availableSeats, bookingRefusal, departureIssue } from '../../../functions/domain/ride';
import {
  activityTimingIssues,
  DEFAULT_GROUP_ACTIVITY_FORM,
  FIELD_MESSAGES,
  GroupActivityInput,
  groupActivityFormErrors,
  planDateOf,
  planStartInstant,
  statusLabel,
} from '../../../functions/shared/schemas/group-activities';
import {
  isWithinCostGuidance,
  OfferRideRequest,
  RIDE_MESSAGES,
  rideFormErrors,
  RequestRideRequest,
} from '../../../functions/shared/schemas/rides';

describe('seat status (organizer counts as a participant)', () => {
  it.each([
    // participants, max, status, seats left, room
    [1, 4, 'open', 3, true],
    [2, 4, 'open', 2, true],
    [3, 4, 'almost_full', 1, true],
    [4, 4, 'confirmed', 0, false],
    [1, 2, 'almost_full', 1, true],
    [2, 2, 'confirmed', 0, false],
    [6, 6, 'confirmed', 0, false],
    [4, 5, 'almost_full', 1, true],
    [2, 10, 'open', 8, true],
  ] as const)('%i of %i → %s', (count, max, status, left, room) => {
    expect(seatStatus(count, max)).toBe(status);
    expect(seatsLeft(count, max)).toBe(left);
    expect(hasRoom(count, max)).toBe(room);
  });

  it('shows underscores as spaces', () => {
    expect(statusLabel('almost_full')).toBe('almost full');
    expect(statusLabel('open')).toBe('open');
  });

  it.each([
    [4, 3, undefined],
    [3, 3, undefined],
    [2, 3, '3 people are already taking part; choose a maximum of at least 3.'],
  ])('lowering the maximum to %i with %i taking part', (max, count, message) => {
    expect(maxParticipantsIssue(max, count)).toBe(message);
  });
});

describe('British Columbia wall time', () => {
  it.each([
    ['2026-01-15', '08:00', '2026-01-15T16:00:00.000Z'], // PST, UTC-8
    ['2026-07-01', '08:00', '2026-07-01T15:00:00.000Z'], // PDT, UTC-7
    ['2026-03-08', '01:30', '2026-03-08T09:30:00.000Z'], // before the spring-forward switch
    ['2026-03-08', '03:30', '2026-03-08T10:30:00.000Z'], // after it
    ['2026-03-08', '02:30', '2026-03-08T10:30:00.000Z'], // a skipped hour moves forward
    ['2026-11-01', '12:00', '2026-11-01T19:00:00.000Z'], // no return to UTC−8: BC stopped changing clocks
    ['2026-12-31', '23:30', '2027-01-01T06:30:00.000Z'], // crosses the UTC year
  ])('%s %s is %s', (date, time, instant) => {
    expect(planStartInstant(date, time).toISOString()).toBe(instant);
  });

  it.each([
    ['2026-06-02T06:59:00.000Z', '2026-06-01'],
    ['2026-06-02T07:00:00.000Z', '2026-06-02'],
    ['2026-01-02T07:59:00.000Z', '2026-01-01'],
  ])('the local date of %s is %s', (instant, date) => {
    expect(planDateOf(new Date(instant))).toBe(date);
  });
});

describe('no past dates, judged in British Columbia', () => {
  // 23:30 on 7 June in Vancouver is already 8 June in UTC.
  const lateEvening = new Date('2026-06-08T06:30:00.000Z');
  // 00:30 on 8 June in UTC is still 7 June, 17:30 in Vancouver.
  const afternoon = new Date('2026-06-08T00:30:00.000Z');

  it.each([
    [lateEvening, '2026-06-07', '23:45', {}],
    [lateEvening, '2026-06-07', '23:30', { time: FIELD_MESSAGES.timePast }],
    [lateEvening, '2026-06-07', '22:00', { time: FIELD_MESSAGES.timePast }],
    [lateEvening, '2026-06-06', '23:59', { date: FIELD_MESSAGES.datePast }],
    [lateEvening, '2026-06-08', '00:15', {}],
    [afternoon, '2026-06-07', '18:00', {}],
    [afternoon, '2026-06-07', '17:00', { time: FIELD_MESSAGES.timePast }],
    [afternoon, '2026-06-08', '06:00', {}],
    [afternoon, '2027-06-07', '06:00', {}],
    [afternoon, '2027-06-08', '06:00', { date: FIELD_MESSAGES.dateTooFar }],
  ] as const)('at %s: %s %s', (now, date, time, expected) => {
    expect(activityTimingIssues(date, time, now)).toEqual(expected);
  });
});

describe('the activity form', () => {
  const now = new Date('2026-06-01T18:00:00.000Z');
  const valid = {
    ...DEFAULT_GROUP_ACTIVITY_FORM,
    title: 'Seawall run',
    date: '2026-06-03',
    time: '07:00',
    location: 'Stanley Park',
  };

  it('keeps the spec defaults after reset', () => {
    expect(DEFAULT_GROUP_ACTIVITY_FORM).toMatchObject({
      activityType: 'running',
      duration: 60,
      difficulty: 'intermediate',
      maxParticipants: 4,
    });
  });

  it('accepts a complete form', () => {
    expect(groupActivityFormErrors(valid, now)).toEqual({});
  });

  it.each([
    ['title', { title: '   ' }, FIELD_MESSAGES.title],
    ['title', { title: 'x'.repeat(81) }, FIELD_MESSAGES.titleTooLong],
    ['date', { date: '' }, FIELD_MESSAGES.date],
    ['date', { date: '2026-02-30' }, FIELD_MESSAGES.date],
    ['time', { time: '' }, FIELD_MESSAGES.time],
    ['time', { time: '24:00' }, FIELD_MESSAGES.time],
    ['location', { location: '' }, FIELD_MESSAGES.location],
    ['maxParticipants', { maxParticipants: 7 }, FIELD_MESSAGES.maxParticipants],
    ['maxParticipants', { maxParticipants: 1 }, FIELD_MESSAGES.maxParticipants],
    ['duration', { duration: 45 }, FIELD_MESSAGES.duration],
    ['activityType', { activityType: 'kayaking' }, FIELD_MESSAGES.activityType],
    ['difficulty', { difficulty: 'expert' }, FIELD_MESSAGES.difficulty],
    ['area', { area: 'banff' }, FIELD_MESSAGES.area],
    ['date', { date: '2026-05-31' }, FIELD_MESSAGES.datePast],
  ])('%s: %j → %s', (field, change, message) => {
    expect(groupActivityFormErrors({ ...valid, ...change }, now)[field]).toBe(message);
  });

  it('names every missing required field at once', () => {
    const errors = groupActivityFormErrors({ ...DEFAULT_GROUP_ACTIVITY_FORM }, now);
    expect(Object.keys(errors).sort()).toEqual(['date', 'location', 'time', 'title']);
  });

  it('refuses unknown fields', () => {
    expect(GroupActivityInput.safeParse({ ...valid, organizerId: 'someone-else' }).success).toBe(false);
  });
});

describe('ride cost rules ($8–15 guidance, never above $15)', () => {
  const offer = {
    vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
    seats: 3,
    departureTime: '07:00',
    pickupLocations: ['Kitsilano'],
    costPerPerson: 8,
    notes: '',
  };

  it.each([
    [0, true, false],
    [5, true, false],
    [8, true, true],
    [12.5, true, true],
    [15, true, true],
    [15.01, false, false],
    [40, false, false],
    [-1, false, false],
    [8.555, false, true],
  ])('$%s: accepted %s, within guidance %s', (cost, accepted, guided) => {
    expect(OfferRideRequest.safeParse({ ...offer, costPerPerson: cost }).success).toBe(accepted);
    expect(isWithinCostGuidance(cost)).toBe(guided);
  });

  it('says why a cost is too high', () => {
    expect(rideFormErrors(OfferRideRequest, { ...offer, costPerPerson: 20 }).costPerPerson).toBe(
      RIDE_MESSAGES.costTooHigh,
    );
  });

  it.each([
    [{ seats: 0 }, 'seats', RIDE_MESSAGES.seats],
    [{ seats: 5 }, 'seats', RIDE_MESSAGES.seats],
    [{ pickupLocations: [] }, 'pickupLocations', RIDE_MESSAGES.pickupLocations],
    [{ departureTime: '7am' }, 'departureTime', RIDE_MESSAGES.departureTime],
    [{ vehicle: { ...offer.vehicle, make: '' } }, 'vehicle.make', RIDE_MESSAGES.make],
    [{ vehicle: { ...offer.vehicle, year: 1901 } }, 'vehicle.year', RIDE_MESSAGES.year],
    [{ costPerPerson: '12' }, 'costPerPerson', RIDE_MESSAGES.cost],
  ])('%j → %s', (change, field, message) => {
    expect(rideFormErrors(OfferRideRequest, { ...offer, ...change })[field]).toBe(message);
  });

  it('a ride request needs a pickup and a yes or no on sharing', () => {
    expect(rideFormErrors(RequestRideRequest, { preferredPickup: '', willingToShare: true })).toEqual({
      preferredPickup: RIDE_MESSAGES.preferredPickup,
    });
    expect(rideFormErrors(RequestRideRequest, { preferredPickup: 'Main St', willingToShare: 'yes' })).toEqual({
      willingToShare: RIDE_MESSAGES.willingToShare,
    });
  });
});

describe('ride rules', () => {
  const ride = { driverId: 'driver', seats: 3, seatsBooked: 1 };
  it.each([
    ['driver', false, 'own_ride'],
    ['rider', true, 'already_booked'],
    ['rider', false, undefined],
  ] as const)('%s (booked already: %s) → %s', (user, booked, refusal) => {
    expect(bookingRefusal(ride, user, booked)).toBe(refusal);
  });

  it('refuses a full ride', () => {
    expect(bookingRefusal({ ...ride, seatsBooked: 3 }, 'rider', false)).toBe('full');
    expect(availableSeats(3, 3)).toBe(0);
  });

  it.each([
    ['2026-06-03T14:00:00.000Z', undefined],
    ['2026-06-03T15:00:00.000Z', undefined],
    ['2026-06-03T15:01:00.000Z', 'Leave at or before the activity starts.'],
    ['2026-06-01T17:00:00.000Z', 'Choose a departure time later than now.'],
  ])('departure %s', (departsAt, message) => {
    expect(
      departureIssue(new Date(departsAt), new Date('2026-06-03T15:00:00.000Z'), new Date('2026-06-01T18:00:00.000Z')),
    ).toBe(message);
  });
});

describe('reminders', () => {
  it('covers the next 24 hours', () => {
    expect(reminderWindow(new Date('2026-06-01T18:00:00.000Z'))).toEqual({
      from: '2026-06-01T18:00:00.000Z',
      to: '2026-06-02T18:00:00.000Z',
    });
  });

  it('writes dates the way people read them', () => {
    expect(shortDate('2026-06-06')).toBe('Sat, Jun 6');
  });
});
