import {
  planDateOf,
  planStartInstant,
  type GroupActivityDetails,
  type GroupActivitySummary,
} from '@shared/schemas/group-activities';
import type { RideOffer, RideRequest } from '@shared/schemas/rides';

export const ACTIVITY_ID = '01JZ0000000000000000000001';
/** Ten days ahead, so the edit form's 'no past dates, at most a year ahead' rule accepts it. */
const DATE = planDateOf(new Date(Date.now() + 10 * 86_400_000));

export function summary(overrides: Partial<GroupActivitySummary> = {}): GroupActivitySummary {
  return {
    id: ACTIVITY_ID,
    activityType: 'hiking',
    title: 'Sunday Grouse Grind',
    date: DATE,
    time: '08:00',
    startsAt: planStartInstant(DATE, '08:00').toISOString(),
    location: 'Grouse Mountain base',
    area: 'north-vancouver',
    duration: 120,
    difficulty: 'intermediate',
    maxParticipants: 4,
    participantCount: 3,
    status: 'almost_full',
    organizerName: 'Maya',
    cancelledAt: null,
    viewer: { isOrganizer: false, isParticipant: false },
    ...overrides,
  };
}

export function details(overrides: Partial<GroupActivityDetails> = {}): GroupActivityDetails {
  return {
    ...summary(),
    description: 'Steady pace, coffee after.',
    equipment: 'Poles',
    notes: 'Meet at the gate',
    participants: [
      { displayName: 'Maya', isOrganizer: true, isYou: false, joinedAt: '2030-05-01T10:00:00.000Z' },
      { displayName: 'Sam', isOrganizer: false, isYou: false, joinedAt: '2030-05-02T10:00:00.000Z' },
      { displayName: 'TrailBuddy member', isOrganizer: false, isYou: false, joinedAt: '2030-05-03T10:00:00.000Z' },
    ],
    participantsNotShown: 0,
    createdAt: '2030-05-01T10:00:00.000Z',
    updatedAt: '2030-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function rideOffer(overrides: Partial<RideOffer> = {}): RideOffer {
  return {
    id: '01JZ0000000000000000000R01',
    activityId: ACTIVITY_ID,
    driverName: 'Jordan',
    driverRating: null,
    ridesOffered: 2,
    vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
    seats: 3,
    availableSeats: 2,
    departureDate: '2030-06-02',
    departureTime: '07:15',
    timeZone: 'America/Vancouver',
    pickupLocations: ['Kitsilano Beach parking'],
    costPerPerson: 10,
    notes: 'Room for poles.',
    passengers: ['Sam'],
    passengersNotShown: 0,
    isMine: false,
    bookedByMe: false,
    createdAt: '2030-05-02T10:00:00.000Z',
    ...overrides,
  };
}

export function rideRequest(overrides: Partial<RideRequest> = {}): RideRequest {
  return {
    id: '01JZ0000000000000000000Q01',
    activityId: ACTIVITY_ID,
    requesterName: 'Priya',
    preferredPickup: 'Main Street Station',
    willingToShare: true,
    notes: 'Happy to chip in.',
    isMine: false,
    offeredBy: [],
    offeredByMe: false,
    createdAt: '2030-05-02T10:00:00.000Z',
    ...overrides,
  };
}
