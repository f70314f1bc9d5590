/**
 * Demo mode's sample planning and ride-sharing data (spec core-app §3 and §9), in the spec's shapes.
 * The demo plan client (group-activities-demo.ts) turns it into the API's answers, so screens never branch on demo mode.
 */
export type UpcomingActivityStatus = 'confirmed' | 'open' | 'almost_full';

export interface DemoUpcomingActivity {
  id: string;
  title: string;
  type: 'Running' | 'Hiking' | 'Cycling';
  /** ISO date (yyyy-mm-dd). */
  date: string;
  /** 24-hour local time, hh:mm. */
  time: string;
  participants: number;
  maxParticipants: number;
  location: string;
  organizer: string;
  status: UpcomingActivityStatus;
}

export interface DemoRideUser {
  id: string;
  name: string;
  avatar: string;
  rating: number;
  ridesOffered: number;
  location: string;
  /** Null for riders without a car. */
  vehicle: { make: string; model: string; year: number; color: string; seats: number } | null;
  isVerified: boolean;
}

export interface DemoRideOffer {
  id: string;
  activityId: string;
  driverId: string;
  availableSeats: number;
  /** hh:mm on the activity's date, wall-clock time at the meeting place (reads the same in every browser zone). */
  departureTime: string;
  pickupLocations: string[];
  costPerPerson: number;
  notes: string;
}

export interface DemoRideRequest {
  id: string;
  activityId: string;
  requesterId: string;
  preferredPickup: string;
  willingToShare: boolean;
  notes: string;
}

export interface DemoRideData {
  users: DemoRideUser[];
  offers: DemoRideOffer[];
  requests: DemoRideRequest[];
}

function daysFrom(now: Date, days: number, hour = 0, minute = 0): Date {
  const date = new Date(now);
  date.setDate(date.getDate() + days);
  date.setHours(hour, minute, 0, 0);
  return date;
}

function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Upcoming group activities, soonest first; the dashboard shows the first 3. */
export function demoUpcomingActivities(now: Date): DemoUpcomingActivity[] {
  return [
    {
      id: 'act-1',
      title: 'Sunrise Seawall Run',
      type: 'Running',
      date: isoDate(daysFrom(now, 2)),
      time: '06:30',
      participants: 2,
      maxParticipants: 4,
      location: 'Stanley Park Seawall, Vancouver',
      organizer: 'Maya Chen',
      status: 'open',
    },
    {
      id: 'act-2',
      title: 'Grouse Grind Challenge',
      type: 'Hiking',
      date: isoDate(daysFrom(now, 4)),
      time: '08:00',
      participants: 6,
      maxParticipants: 6,
      location: 'Grouse Mountain, North Vancouver',
      organizer: 'Jordan Lee',
      status: 'confirmed',
    },
    {
      id: 'act-3',
      title: 'Sea to Sky Group Ride',
      type: 'Cycling',
      date: isoDate(daysFrom(now, 6)),
      time: '07:00',
      participants: 4,
      maxParticipants: 5,
      location: 'Horseshoe Bay, West Vancouver',
      organizer: 'Sam Patel',
      status: 'almost_full',
    },
    {
      id: 'act-4',
      title: 'Lynn Canyon Trail Run',
      type: 'Running',
      date: isoDate(daysFrom(now, 9)),
      time: '17:30',
      participants: 3,
      maxParticipants: 8,
      location: 'Lynn Canyon Park, North Vancouver',
      organizer: 'Priya Singh',
      status: 'open',
    },
  ];
}

/** Ride offers and requests for the demo activities (offers: $8 and $12 a person, 3 and 4 seats). */
export function demoRideData(_now: Date): DemoRideData {
  return {
    users: [
      {
        id: 'ride-user-1',
        name: 'Maya Chen',
        avatar: 'MC',
        rating: 4.9,
        ridesOffered: 23,
        location: 'Kitsilano, Vancouver',
        vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green', seats: 4 },
        isVerified: true,
      },
      {
        id: 'ride-user-2',
        name: 'Sam Patel',
        avatar: 'SP',
        rating: 4.7,
        ridesOffered: 11,
        location: 'Burnaby',
        vehicle: { make: 'Toyota', model: 'RAV4', year: 2019, color: 'Silver', seats: 5 },
        isVerified: true,
      },
      {
        id: 'ride-user-3',
        name: 'Jordan Lee',
        avatar: 'JL',
        rating: 4.8,
        ridesOffered: 0,
        location: 'Mount Pleasant, Vancouver',
        vehicle: null,
        isVerified: false,
      },
      {
        id: 'ride-user-4',
        name: 'Priya Singh',
        avatar: 'PS',
        rating: 4.6,
        ridesOffered: 2,
        location: 'Richmond',
        vehicle: { make: 'Honda', model: 'Civic', year: 2018, color: 'Blue', seats: 4 },
        isVerified: true,
      },
    ],
    offers: [
      {
        id: 'offer-1',
        activityId: 'act-2',
        driverId: 'ride-user-1',
        availableSeats: 3,
        departureTime: '07:15',
        pickupLocations: ['Kitsilano Beach parking', 'Burrard SkyTrain Station'],
        costPerPerson: 8,
        notes: 'Room for poles and packs. Leaving on time!',
      },
      {
        id: 'offer-2',
        activityId: 'act-3',
        driverId: 'ride-user-2',
        availableSeats: 4,
        departureTime: '06:00',
        pickupLocations: ['Metrotown', 'Brentwood Town Centre', 'Lions Gate Bridge north end'],
        costPerPerson: 12,
        notes: 'Bike rack fits 4 bikes. Coffee stop in Squamish on the way back.',
      },
    ],
    requests: [
      {
        id: 'request-1',
        activityId: 'act-2',
        requesterId: 'ride-user-3',
        preferredPickup: 'Main Street SkyTrain Station',
        willingToShare: true,
        notes: 'Happy to chip in for gas and parking.',
      },
      {
        id: 'request-2',
        activityId: 'act-4',
        requesterId: 'ride-user-4',
        preferredPickup: 'Richmond-Brighouse Station',
        willingToShare: false,
        notes: 'Carrying trail shoes only, no big gear.',
      },
    ],
  };
}
