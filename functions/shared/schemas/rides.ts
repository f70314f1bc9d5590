import * as z from 'zod';

/**
 * Ride sharing to a group activity (spec core-app §3 ride offer / ride request, §9 ride tips).
 * Only the activity's participants, the organizer included, see and use its rides.
 */

export const RIDE_SEAT_OPTIONS = [1, 2, 3, 4] as const;
/** Spec §9 ride tips: $8–15 per person. */
export const RIDE_COST_GUIDANCE = { min: 8, max: 15 } as const;
/** Rides share costs, they never make money: nothing above the guidance's top. */
export const RIDE_COST_MAX = RIDE_COST_GUIDANCE.max;
export const PICKUP_LOCATIONS_MAX = 5;
export const PICKUP_MAX = 100;
export const RIDE_NOTES_MAX = 500;
export const VEHICLE_YEAR_MIN = 1980;
export const VEHICLE_YEAR_MAX = 2100;

export const RIDE_MESSAGES = {
  make: 'Enter the vehicle make.',
  model: 'Enter the vehicle model.',
  year: `Enter the vehicle year (${VEHICLE_YEAR_MIN} or later).`,
  color: 'Enter the vehicle colour.',
  seats: 'Offer 1 to 4 seats.',
  departureTime: 'Choose a departure time.',
  departureAfterStart: 'Leave at or before the activity starts.',
  pickupLocations: 'Add at least one pickup location.',
  pickupTooMany: `List at most ${PICKUP_LOCATIONS_MAX} pickup locations.`,
  pickupTooLong: `Keep each pickup location to ${PICKUP_MAX} characters.`,
  cost: `Enter a cost per person from $0 to $${RIDE_COST_MAX}.`,
  costTooHigh: `Rides share costs: ask at most $${RIDE_COST_MAX} per person (the usual range is $${RIDE_COST_GUIDANCE.min}–${RIDE_COST_GUIDANCE.max}).`,
  costCents: 'Enter the cost in dollars and cents.',
  notes: `Keep the notes to ${RIDE_NOTES_MAX} characters.`,
  preferredPickup: 'Enter where you would like to be picked up.',
  willingToShare: 'Say whether you are willing to share costs.',
} as const;

const shortText = (message: string, max = 40) => z.string({ error: message }).trim().min(1, message).max(max, message);

export const Vehicle = z
  .object({
    make: shortText(RIDE_MESSAGES.make),
    model: shortText(RIDE_MESSAGES.model),
    year: z
      .number({ error: RIDE_MESSAGES.year })
      .int(RIDE_MESSAGES.year)
      .min(VEHICLE_YEAR_MIN, RIDE_MESSAGES.year)
      .max(VEHICLE_YEAR_MAX, RIDE_MESSAGES.year),
    color: shortText(RIDE_MESSAGES.color, 30),
  })
  .strict();
export type Vehicle = z.infer<typeof Vehicle>;

const cost = z
  .number({ error: RIDE_MESSAGES.cost })
  .min(0, RIDE_MESSAGES.cost)
  .max(RIDE_COST_MAX, RIDE_MESSAGES.costTooHigh)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, RIDE_MESSAGES.costCents);

/** POST /api/group-activities/{activityId}/rides */
export const OfferRideRequest = z
  .object({
    vehicle: Vehicle,
    seats: z.literal(RIDE_SEAT_OPTIONS, { error: RIDE_MESSAGES.seats }),
    /** hh:mm in British Columbia on the activity's date. */
    departureTime: z
      .string({ error: RIDE_MESSAGES.departureTime })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, RIDE_MESSAGES.departureTime),
    pickupLocations: z
      .array(
        z
          .string({ error: RIDE_MESSAGES.pickupLocations })
          .trim()
          .min(1, RIDE_MESSAGES.pickupLocations)
          .max(PICKUP_MAX, RIDE_MESSAGES.pickupTooLong),
        { error: RIDE_MESSAGES.pickupLocations },
      )
      .min(1, RIDE_MESSAGES.pickupLocations)
      .max(PICKUP_LOCATIONS_MAX, RIDE_MESSAGES.pickupTooMany),
    costPerPerson: cost,
    notes: z.string({ error: RIDE_MESSAGES.notes }).trim().max(RIDE_NOTES_MAX, RIDE_MESSAGES.notes).default(''),
  })
  .strict();
export type OfferRideRequest = z.infer<typeof OfferRideRequest>;

/** POST /api/group-activities/{activityId}/ride-requests */
export const RequestRideRequest = z
  .object({
    preferredPickup: shortText(RIDE_MESSAGES.preferredPickup, PICKUP_MAX),
    willingToShare: z.boolean({ error: RIDE_MESSAGES.willingToShare }),
    notes: z.string({ error: RIDE_MESSAGES.notes }).trim().max(RIDE_NOTES_MAX, RIDE_MESSAGES.notes).default(''),
  })
  .strict();
export type RequestRideRequest = z.infer<typeof RequestRideRequest>;

/** Whether a cost sits inside the spec's $8–15 a person (the form shows a hint otherwise; $0–8 is allowed). */
export function isWithinCostGuidance(costPerPerson: number): boolean {
  return costPerPerson >= RIDE_COST_GUIDANCE.min && costPerPerson <= RIDE_COST_GUIDANCE.max;
}

/** Per-field messages for a ride form (the same rules as the server). */
export function rideFormErrors(
  schema: typeof OfferRideRequest | typeof RequestRideRequest,
  form: unknown,
): Record<string, string> {
  const parsed = schema.safeParse(form);
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      errors[issue.path.filter((p) => typeof p === 'string').join('.') || 'form'] ??= issue.message;
  return errors;
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const RidePath = z.object({
  activityId: z.string().regex(ULID, 'Unknown activity id.'),
  rideId: z.string().regex(ULID, 'Unknown ride id.'),
});
export type RidePath = z.infer<typeof RidePath>;

export const RIDE_CANCEL_REASON_MAX = 200;
/**
 * DELETE /api/group-activities/{activityId}/rides/{rideId}: the driver cancels the ride; the body is optional and
 * carries the reason the passengers are told (none given: they are told without one).
 */
export const CancelRideRequest = z
  .object({
    reason: z
      .string()
      .trim()
      .max(RIDE_CANCEL_REASON_MAX, `Keep the reason to ${RIDE_CANCEL_REASON_MAX} characters.`)
      .optional(),
  })
  .strict()
  .optional();
export type CancelRideRequest = z.infer<typeof CancelRideRequest>;
export const RideRequestPath = z.object({
  activityId: z.string().regex(ULID, 'Unknown activity id.'),
  requestId: z.string().regex(ULID, 'Unknown ride request id.'),
});
export type RideRequestPath = z.infer<typeof RideRequestPath>;

// --- Responses ---

export const RideOffer = z.object({
  id: z.string(),
  activityId: z.string(),
  driverName: z.string(),
  /** TrailBuddy has no driver ratings yet: null, except in demo mode's sample data. */
  driverRating: z.number().min(0).max(5).nullable(),
  /** How many rides the driver has offered on TrailBuddy. */
  ridesOffered: z.number().int().nonnegative(),
  vehicle: Vehicle,
  seats: z.number().int(),
  availableSeats: z.number().int().nonnegative(),
  /** The departure as typed: yyyy-mm-dd and hh:mm, wall-clock time at the meeting place (`timeZone`). Shown as is, never converted. */
  departureDate: z.string(),
  departureTime: z.string(),
  timeZone: z.string(),
  pickupLocations: z.array(z.string()),
  costPerPerson: z.number(),
  notes: z.string(),
  /** Display names of who booked a seat (participants of the same activity see each other anyway). */
  passengers: z.array(z.string()),
  /** Booked seats whose passenger this viewer is not shown (a block between them): counted, never named. */
  passengersNotShown: z.number().int().nonnegative(),
  isMine: z.boolean(),
  bookedByMe: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type RideOffer = z.infer<typeof RideOffer>;

export const RideRequest = z.object({
  id: z.string(),
  activityId: z.string(),
  requesterName: z.string(),
  preferredPickup: z.string(),
  willingToShare: z.boolean(),
  notes: z.string(),
  isMine: z.boolean(),
  /** Drivers who offered this requester a seat. */
  offeredBy: z.array(z.string()),
  /** Whether the caller already offered their ride to this request. */
  offeredByMe: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type RideRequest = z.infer<typeof RideRequest>;

/** GET /api/group-activities/{activityId}/rides */
export const ActivityRidesResponse = z.object({
  offers: z.array(RideOffer),
  requests: z.array(RideRequest),
});
export type ActivityRidesResponse = z.infer<typeof ActivityRidesResponse>;

export const RideActivityRef = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  startsAt: z.iso.datetime(),
  location: z.string(),
});
export type RideActivityRef = z.infer<typeof RideActivityRef>;

/** GET /api/rides: the rides of the caller's upcoming activities (the dashboard's Find Rides tab). */
export const MyRidesResponse = z.object({
  activities: z.array(RideActivityRef),
  offers: z.array(RideOffer),
  requests: z.array(RideRequest),
});
export type MyRidesResponse = z.infer<typeof MyRidesResponse>;
