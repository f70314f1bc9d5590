import type {
  GroupActivityDetails,
  GroupActivityInput,
  GroupActivitySummary,
  NearbyArea,
} from '@shared/schemas/group-activities';
import { areNear } from '@shared/places';
import { DEFAULT_NEARBY_AREA, PLAN_TIME_ZONE, planStartInstant } from '@shared/schemas/group-activities-plain';
import { hasRoom, maxParticipantsIssue, seatsLeft, seatStatus } from '@shared/group-activity-seats';
import type { HomeArea } from '@shared/schemas/profile';
import { HOME_AREAS } from '@shared/schemas/profile-plain';
import type { ActivityRidesResponse, RideOffer, RideRequest, Vehicle } from '@shared/schemas/rides';
import { ApiError, validationFailed } from '@/lib/api/api-error';
import type { GroupActivitiesApi } from '../api/group-activities-api';
import type { DemoContext } from '@/lib/demo/demo-context';
import { demoRideData, demoUpcomingActivities } from '@/lib/demo/demo-social';
import { DEMO_USER } from '@/lib/demo/demo-user';

/** Spec core-app §9: a simulated join takes 1 s, a create 1.5 s. */
export const DEMO_JOIN_DELAY_MS = 1000;
export const DEMO_CREATE_DELAY_MS = 1500;
const STORAGE_KEY = 'trailbuddy.demo.plan.v2';
const DEMO_NAME = DEMO_USER.name;
const FILLER_NAMES = [
  'Jordan Lee',
  'Sam Patel',
  'Priya Singh',
  'Maya Chen',
  'Noah Kim',
  'Emma Wilson',
  'Liam Roy',
  'Ava Martin',
  'Ethan Park',
];

interface DemoPerson {
  name: string;
  isMe: boolean;
  isOrganizer: boolean;
  joinedAt: string;
}

interface StoredActivity extends Omit<GroupActivityInput, 'area'> {
  id: string;
  area: HomeArea | null;
  startsAt: string;
  participants: DemoPerson[];
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

interface StoredOffer extends Omit<RideOffer, 'availableSeats' | 'passengers' | 'passengersNotShown' | 'bookedByMe'> {
  passengers: { name: string; isMe: boolean }[];
}

interface DemoGroupActivitiesState {
  activities: StoredActivity[];
  offers: StoredOffer[];
  requests: RideRequest[];
}

/** The sample's areas, read from the end of its locations ('…, North Vancouver'). */
function areaOf(location: string): HomeArea | null {
  const slug = (location.split(',').at(-1) ?? '').trim().toLowerCase().replace(/\s+/g, '-');
  return (HOME_AREAS as readonly string[]).includes(slug) ? (slug as HomeArea) : null;
}

/** The server's rule: an activity shows in a place's list when it is within NEAR_KM; 'elsewhere' lists area-less ones. */
function listedNear(activityArea: HomeArea | null, asked: NearbyArea): boolean {
  if (activityArea === null || asked === 'elsewhere') return activityArea === null && asked === 'elsewhere';
  return areNear(activityArea, asked);
}

/** Demo mode's plan data, seeded from the spec's sample (core-app §3, §9). */
export function seedDemoGroupActivities(now: Date): DemoGroupActivitiesState {
  const created = new Date(now.getTime() - 3 * 86_400_000).toISOString();
  const activities = demoUpcomingActivities(now).map((sample, index): StoredActivity => {
    const others = FILLER_NAMES.filter((name) => name !== sample.organizer);
    return {
      id: sample.id,
      activityType: sample.type.toLowerCase() as StoredActivity['activityType'],
      title: sample.title,
      description: `${sample.type} with ${sample.organizer} and friends.`,
      date: sample.date,
      time: sample.time,
      startsAt: planStartInstant(sample.date, sample.time).toISOString(),
      location: sample.location,
      area: areaOf(sample.location),
      duration: ([60, 180, 240, 90] as const)[index % 4]!,
      difficulty: 'intermediate',
      maxParticipants: sample.maxParticipants as StoredActivity['maxParticipants'],
      equipment: '',
      notes: '',
      participants: [
        { name: sample.organizer, isMe: false, isOrganizer: true, joinedAt: created },
        ...others
          .slice(0, sample.participants - 1)
          .map((name) => ({ name, isMe: false, isOrganizer: false, joinedAt: created })),
      ],
      cancelledAt: null,
      createdAt: created,
      updatedAt: created,
    };
  });
  const rides = demoRideData(now);
  const userById = new Map(rides.users.map((user) => [user.id, user]));
  const offers = rides.offers.map((offer): StoredOffer => {
    const driver = userById.get(offer.driverId);
    const activity = activities.find((a) => a.id === offer.activityId);
    const { seats: _total, ...vehicle } = driver?.vehicle ?? {
      make: 'Car',
      model: '',
      year: 2020,
      color: '',
      seats: offer.availableSeats,
    };
    return {
      id: offer.id,
      activityId: offer.activityId,
      driverName: driver?.name ?? 'TrailBuddy member',
      driverRating: driver?.rating ?? null,
      ridesOffered: driver?.ridesOffered ?? 0,
      vehicle: vehicle as Vehicle,
      seats: offer.availableSeats,
      departureDate: activity?.date ?? '',
      departureTime: offer.departureTime,
      timeZone: PLAN_TIME_ZONE,
      pickupLocations: offer.pickupLocations,
      costPerPerson: offer.costPerPerson,
      notes: offer.notes,
      passengers: [],
      isMine: false,
      createdAt: created,
    };
  });
  const requests = rides.requests.map((request): RideRequest => ({
    id: request.id,
    activityId: request.activityId,
    requesterName: userById.get(request.requesterId)?.name ?? 'TrailBuddy member',
    preferredPickup: request.preferredPickup,
    willingToShare: request.willingToShare,
    notes: request.notes,
    isMine: false,
    offeredBy: [],
    offeredByMe: false,
    createdAt: created,
  }));
  return { activities, offers, requests };
}

function fail(status: number, code: string, message: string, fields?: Record<string, string>): never {
  throw new ApiError(status, code, message, fields);
}

function summaryOf(activity: StoredActivity): GroupActivitySummary {
  const organizer = activity.participants.find((p) => p.isOrganizer);
  return {
    id: activity.id,
    activityType: activity.activityType,
    title: activity.title,
    date: activity.date,
    time: activity.time,
    startsAt: activity.startsAt,
    location: activity.location,
    area: activity.area,
    duration: activity.duration,
    difficulty: activity.difficulty,
    maxParticipants: activity.maxParticipants,
    participantCount: activity.participants.length,
    status: seatStatus(activity.participants.length, activity.maxParticipants),
    organizerName: organizer?.name ?? 'TrailBuddy member',
    cancelledAt: activity.cancelledAt,
    viewer: { isOrganizer: organizer?.isMe ?? false, isParticipant: activity.participants.some((p) => p.isMe) },
  };
}

const organizing = (activity: StoredActivity) => activity.participants.some((p) => p.isMe && p.isOrganizer);
/** A stable id for a sample person (the demo has no accounts). */
const demoPersonId = (person: DemoPerson) =>
  person.isMe ? 'demo-me' : `demo-${person.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function detailsOf(activity: StoredActivity): GroupActivityDetails {
  return {
    ...summaryOf(activity),
    description: activity.description,
    equipment: activity.equipment,
    notes: activity.notes,
    // As on the server: only the organizer's view carries the participants' ids.
    participants: activity.participants.map((p) => ({
      ...(organizing(activity) ? { userId: demoPersonId(p) } : {}),
      displayName: p.name,
      isOrganizer: p.isOrganizer,
      isYou: p.isMe,
      joinedAt: p.joinedAt,
    })),
    participantsNotShown: 0,
    createdAt: activity.createdAt,
    updatedAt: activity.updatedAt,
  };
}

function offerView(offer: StoredOffer): RideOffer {
  return {
    ...offer,
    availableSeats: seatsLeft(offer.passengers.length, offer.seats),
    passengers: offer.passengers.map((p) => p.name),
    // The demo has no blocks: everyone is named.
    passengersNotShown: 0,
    bookedByMe: offer.passengers.some((p) => p.isMe),
  };
}

function page<T>(items: T[], cursor: string | undefined, limit = 20): { items: T[]; nextCursor: string | null } {
  const offset = cursor ? Number.parseInt(cursor, 10) || 0 : 0;
  const next = offset + limit;
  return { items: items.slice(offset, next), nextCursor: next < items.length ? String(next) : null };
}

/** Plan Activity in demo mode: the sample data, changed only in this tab's storage. */
export function createGroupActivitiesDemoApi({ now, storage, wait }: DemoContext): GroupActivitiesApi {
  function read(): DemoGroupActivitiesState {
    try {
      const stored = storage.getItem(STORAGE_KEY);
      if (stored) return JSON.parse(stored) as DemoGroupActivitiesState;
    } catch {
      // unreadable: start from the sample again
    }
    return seedDemoGroupActivities(now());
  }

  function write(state: DemoGroupActivitiesState): void {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // storage disabled: changes last until the page reloads
    }
  }

  function change<T>(apply: (state: DemoGroupActivitiesState) => T): T {
    const state = read();
    const result = apply(state);
    write(state);
    return result;
  }

  function find(state: DemoGroupActivitiesState, id: string): StoredActivity {
    return state.activities.find((a) => a.id === id) ?? fail(404, 'not_found', 'We could not find that activity.');
  }

  // The schemas (and zod) load with the first write: reading the sample needs neither.
  async function validated(input: GroupActivityInput): Promise<GroupActivityInput> {
    const { GroupActivityInput, activityTimingIssues } = await import('@shared/schemas/group-activities');
    const parsed = GroupActivityInput.safeParse(input);
    if (!parsed.success) throw validationFailed(parsed.error);
    const timing = activityTimingIssues(parsed.data.date, parsed.data.time, now());
    if (Object.keys(timing).length > 0) fail(400, 'validation_failed', 'The request body is invalid.', timing);
    return input;
  }

  const ridesOf = (state: DemoGroupActivitiesState, id: string): ActivityRidesResponse => ({
    offers: state.offers.filter((o) => o.activityId === id).map(offerView),
    requests: state.requests.filter((r) => r.activityId === id),
  });

  const upcoming = (state: DemoGroupActivitiesState) =>
    state.activities
      .filter((a) => Date.parse(a.startsAt) > now().getTime())
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt));

  return {
    async createGroupActivity(input) {
      const valid = await validated(input);
      await wait(DEMO_CREATE_DELAY_MS);
      return change((state) => {
        const at = now().toISOString();
        const activity: StoredActivity = {
          ...valid,
          area: valid.area === undefined ? (DEFAULT_NEARBY_AREA as HomeArea) : valid.area,
          id: `demo-${now().getTime()}`,
          startsAt: planStartInstant(valid.date, valid.time).toISOString(),
          participants: [{ name: DEMO_NAME, isMe: true, isOrganizer: true, joinedAt: at }],
          cancelledAt: null,
          createdAt: at,
          updatedAt: at,
        };
        state.activities.push(activity);
        return detailsOf(activity);
      });
    },

    async nearbyGroupActivities({ area, cursor, limit } = {}) {
      // Demo mode has no home area: without one asked for, it shows the whole sample (the spec's upcoming list).
      const state = read();
      const listed = upcoming(state).filter((a) => !a.cancelledAt && (area === undefined || listedNear(a.area, area)));
      const result = page(listed, cursor, limit);
      return {
        area: area ?? (DEFAULT_NEARBY_AREA as NearbyArea),
        activities: result.items.map(summaryOf),
        nextCursor: result.nextCursor,
      };
    },

    async myGroupActivities({ cursor, limit } = {}) {
      const result = page(
        upcoming(read()).filter((a) => a.participants.some((p) => p.isMe)),
        cursor,
        limit,
      );
      return { activities: result.items.map(summaryOf), nextCursor: result.nextCursor };
    },

    async groupActivity(id) {
      return detailsOf(find(read(), id));
    },

    async updateGroupActivity(id, input) {
      const valid = await validated(input);
      return change((state) => {
        const activity = find(state, id);
        if (!activity.participants.some((p) => p.isMe && p.isOrganizer))
          fail(403, 'forbidden', 'Only the organizer can edit this activity.');
        const maxParticipants = maxParticipantsIssue(valid.maxParticipants, activity.participants.length);
        if (maxParticipants) fail(400, 'validation_failed', 'The request body is invalid.', { maxParticipants });
        Object.assign(
          activity,
          valid,
          { area: valid.area === undefined ? activity.area : valid.area },
          { startsAt: planStartInstant(valid.date, valid.time).toISOString(), updatedAt: now().toISOString() },
        );
        return detailsOf(activity);
      });
    },

    async cancelGroupActivity(id) {
      return change((state) => {
        const activity = find(state, id);
        if (!activity.participants.some((p) => p.isMe && p.isOrganizer))
          fail(403, 'forbidden', 'Only the organizer can cancel this activity.');
        activity.cancelledAt ??= now().toISOString();
        return detailsOf(activity);
      });
    },

    async joinGroupActivity(id) {
      await wait(DEMO_JOIN_DELAY_MS);
      return change((state) => {
        const activity = find(state, id);
        if (activity.cancelledAt) fail(409, 'activity_cancelled', 'This activity was cancelled.');
        if (activity.participants.some((p) => p.isMe))
          fail(409, 'already_joined', 'You already take part in this activity.');
        if (!hasRoom(activity.participants.length, activity.maxParticipants))
          fail(409, 'activity_full', 'This activity is full.');
        activity.participants.push({ name: DEMO_NAME, isMe: true, isOrganizer: false, joinedAt: now().toISOString() });
        return detailsOf(activity);
      });
    },

    async leaveGroupActivity(id) {
      return change((state) => {
        const activity = find(state, id);
        const me = activity.participants.find((p) => p.isMe);
        if (!me) fail(409, 'not_participant', 'You do not take part in this activity.');
        if (me.isOrganizer)
          fail(409, 'organizer_cannot_leave', 'As the organizer, cancel the activity instead of leaving it.');
        activity.participants = activity.participants.filter((p) => !p.isMe);
        state.offers = state.offers.filter((o) => !(o.activityId === id && o.isMine));
        for (const offer of state.offers)
          if (offer.activityId === id) offer.passengers = offer.passengers.filter((p) => !p.isMe);
        state.requests = state.requests.filter((r) => !(r.activityId === id && r.isMine));
        return detailsOf(activity);
      });
    },

    async removeParticipant(id, userId) {
      return change((state) => {
        const activity = find(state, id);
        if (!organizing(activity))
          fail(403, 'forbidden', 'Only the organizer can remove participants from this activity.');
        if (activity.cancelledAt) fail(409, 'activity_cancelled', 'This activity was cancelled.');
        const person = activity.participants.find((p) => demoPersonId(p) === userId);
        if (!person) fail(404, 'not_found', 'That person does not take part in this activity.');
        if (person.isOrganizer)
          fail(409, 'organizer_cannot_leave', 'As the organizer, cancel the activity instead of leaving it.');
        activity.participants = activity.participants.filter((p) => p !== person);
        state.offers = state.offers.filter((o) => !(o.activityId === id && o.driverName === person.name));
        for (const offer of state.offers)
          if (offer.activityId === id) offer.passengers = offer.passengers.filter((p) => p.name !== person.name);
        state.requests = state.requests.filter((r) => !(r.activityId === id && r.requesterName === person.name));
        return detailsOf(activity);
      });
    },

    async activityRides(id) {
      const state = read();
      find(state, id);
      return ridesOf(state, id);
    },

    async offerRide(id, input) {
      const { OfferRideRequest } = await import('@shared/schemas/rides');
      const checked = OfferRideRequest.safeParse(input);
      if (!checked.success) throw validationFailed(checked.error);
      return change((state) => {
        const activity = find(state, id);
        if (state.offers.some((o) => o.activityId === id && o.isMine))
          fail(409, 'ride_exists', 'You already offer a ride to this activity.');
        const parsed = checked.data;
        state.offers.push({
          id: `demo-ride-${now().getTime()}`,
          activityId: id,
          driverName: DEMO_NAME,
          driverRating: null,
          ridesOffered: 1,
          vehicle: parsed.vehicle,
          seats: parsed.seats,
          departureDate: activity.date,
          departureTime: parsed.departureTime,
          timeZone: PLAN_TIME_ZONE,
          pickupLocations: parsed.pickupLocations,
          costPerPerson: parsed.costPerPerson,
          notes: parsed.notes,
          passengers: [],
          isMine: true,
          createdAt: now().toISOString(),
        });
        return ridesOf(state, id);
      });
    },

    // Demo passengers are made up: nobody is told, so the reason goes nowhere.
    async withdrawRide(id, rideId) {
      return change((state) => {
        state.offers = state.offers.filter((o) => !(o.id === rideId && o.isMine));
        return ridesOf(state, id);
      });
    },

    async bookRide(id, rideId) {
      await wait(DEMO_JOIN_DELAY_MS);
      return change((state) => {
        const offer =
          state.offers.find((o) => o.id === rideId) ?? fail(404, 'not_found', 'We could not find that ride.');
        if (offer.isMine) fail(409, 'own_ride', 'This is your own ride.');
        if (offer.passengers.some((p) => p.isMe))
          fail(409, 'already_booked', 'You already booked a seat in this ride.');
        if (offer.passengers.length >= offer.seats) fail(409, 'full', 'This ride has no seats left.');
        offer.passengers.push({ name: DEMO_NAME, isMe: true });
        return ridesOf(state, id);
      });
    },

    async cancelRideBooking(id, rideId) {
      return change((state) => {
        const offer =
          state.offers.find((o) => o.id === rideId) ?? fail(404, 'not_found', 'We could not find that ride.');
        offer.passengers = offer.passengers.filter((p) => !p.isMe);
        return ridesOf(state, id);
      });
    },

    async requestRide(id, input) {
      const { RequestRideRequest } = await import('@shared/schemas/rides');
      const checked = RequestRideRequest.safeParse(input);
      if (!checked.success) throw validationFailed(checked.error);
      return change((state) => {
        find(state, id);
        if (state.requests.some((r) => r.activityId === id && r.isMine))
          fail(409, 'request_exists', 'You already asked for a ride to this activity.');
        const parsed = checked.data;
        state.requests.push({
          id: `demo-request-${now().getTime()}`,
          activityId: id,
          requesterName: DEMO_NAME,
          ...parsed,
          isMine: true,
          offeredBy: [],
          offeredByMe: false,
          createdAt: now().toISOString(),
        });
        return ridesOf(state, id);
      });
    },

    async withdrawRideRequest(id, requestId) {
      return change((state) => {
        state.requests = state.requests.filter((r) => !(r.id === requestId && r.isMine));
        return ridesOf(state, id);
      });
    },

    async offerRideToRequest(id, requestId) {
      await wait(DEMO_JOIN_DELAY_MS);
      return change((state) => {
        const request =
          state.requests.find((r) => r.id === requestId) ??
          fail(404, 'not_found', 'We could not find that ride request.');
        if (request.isMine) fail(409, 'own_request', 'This is your own ride request.');
        if (request.offeredByMe) fail(409, 'already_offered', 'You already offered your ride to this request.');
        request.offeredByMe = true;
        request.offeredBy.push(DEMO_NAME);
        return ridesOf(state, id);
      });
    },

    async myRides() {
      // The sample rides belong to the sample activities; demo mode shows them all, as the spec's Find Rides tab does.
      const state = read();
      const activities = upcoming(state).filter((a) => !a.cancelledAt);
      const ids = new Set(activities.map((a) => a.id));
      return {
        activities: activities.map((a) => ({
          id: a.id,
          title: a.title,
          date: a.date,
          time: a.time,
          startsAt: a.startsAt,
          location: a.location,
        })),
        offers: state.offers.filter((o) => ids.has(o.activityId)).map(offerView),
        requests: state.requests.filter((r) => ids.has(r.activityId)),
      };
    },
  };
}
