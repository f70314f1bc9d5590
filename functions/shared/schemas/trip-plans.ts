import * as z from 'zod';
import { isCalendarDate, planDateOf, TIME_PATTERN } from './group-activities-plain';
import { MAX_DAYS_AHEAD } from './group-activities';

/**
 * Trip plans: where a party goes, when it expects to be back, and who to tell if it is not.
 * Times are wall-clock times in British Columbia (America/Vancouver), stored and shown as typed.
 */

/** AdventureSmart's ten essentials (https://www.adventuresmart.ca/land/10-essentials). */
export const TRIP_ESSENTIALS = [
  'flashlight',
  'fire_making_kit',
  'signalling_device',
  'extra_food_and_water',
  'extra_clothing',
  'navigation',
  'first_aid_kit',
  'emergency_shelter',
  'pocket_knife',
  'sun_protection',
] as const;
export type TripEssential = (typeof TRIP_ESSENTIALS)[number];

export const TRIP_ESSENTIAL_LABELS: Readonly<Record<TripEssential, string>> = {
  flashlight: 'Flashlight and extra batteries',
  fire_making_kit: 'Fire-making kit',
  signalling_device: 'Signalling device (whistle)',
  extra_food_and_water: 'Extra food and water',
  extra_clothing: 'Extra clothing',
  navigation: 'Navigation and communication aids',
  first_aid_kit: 'First aid kit',
  emergency_shelter: 'Emergency blanket or shelter',
  pocket_knife: 'Pocket knife',
  sun_protection: 'Sun protection',
};

export const GRACE_OPTIONS = [30, 60, 120, 180, 240] as const;
export const MAX_CONTACTS = 3;
export const TRIP_TEXT_MAX = 200;
export const TRIP_ROUTE_MAX = 1000;
export const LATE_REASON_MAX = 300;
/**
 * How many times "Running late" may move a plan's expected return. Each move emails every contact, so the cap bounds
 * what one plan can send them; and a party that has slipped three times is a party the contacts should be deciding
 * about (call them, or call 911 at the alert), not one that keeps pushing the alarm back.
 */
export const MAX_RETURN_MOVES = 3;
/** The longest trip a plan covers: the (late) return is at most this many days after the start. */
export const MAX_TRIP_DAYS = 14;
/** A plan may be filed for a trip that started at most this many days ago (filed from the trailhead next morning). */
export const MAX_TRIP_START_DAYS_AGO = 1;
/** A plan may start at most as far ahead as a group activity may. */
export const MAX_TRIP_DAYS_AHEAD = MAX_DAYS_AHEAD;

export const TRIP_FIELD_MESSAGES = {
  trailhead: 'Enter the trailhead.',
  route: `Describe the route (up to ${TRIP_ROUTE_MAX} characters).`,
  area: 'Enter the area.',
  date: 'Choose a date.',
  time: 'Choose a time.',
  returnOrder: 'The expected return must be after the start.',
  tripTooLong: `A trip plan covers at most ${MAX_TRIP_DAYS} days: the return must be within ${MAX_TRIP_DAYS} days of the start.`,
  startPast: 'The start can be at most a day ago.',
  startTooFar: `Plan at most ${MAX_TRIP_DAYS_AHEAD} days ahead.`,
  grace: `Choose a grace period of ${GRACE_OPTIONS.join(', ')} minutes.`,
  vehicle: `Keep the vehicle description to ${TRIP_TEXT_MAX} characters.`,
  contacts: `Add one to ${MAX_CONTACTS} emergency contacts.`,
  contactName: 'Enter the contact’s name.',
  contactEmail: 'Enter a valid email address.',
  reason: 'Say why you are running late.',
  noMoreMoves: `The expected return can be moved ${MAX_RETURN_MOVES} times, and it already was. Check in when you are back; if you cannot, your contacts are alerted at the time they were given.`,
  tooLong: `Keep this to ${TRIP_TEXT_MAX} characters.`,
} as const;

/** yyyy-mm-dd plus `days` (negative goes back). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The return falls within MAX_TRIP_DAYS of the start; true when either is not a date (its own field says so). */
export const returnWithinTrip = (startDate: string, returnDate: string) =>
  !isCalendarDate(startDate) || !isCalendarDate(returnDate) || returnDate <= addDays(startDate, MAX_TRIP_DAYS);

/**
 * The bounds that depend on today (in British Columbia), as for group activities: the start is at most
 * MAX_TRIP_START_DAYS_AGO days ago and at most MAX_TRIP_DAYS_AHEAD days ahead. One message per field, empty when fine.
 * The form and the server both call this, so they agree.
 */
export function tripTimingIssues(plan: { startDate: string }, now: Date): Partial<Record<'startDate', string>> {
  if (!isCalendarDate(plan.startDate)) return {};
  const today = planDateOf(now);
  if (plan.startDate < addDays(today, -MAX_TRIP_START_DAYS_AGO)) return { startDate: TRIP_FIELD_MESSAGES.startPast };
  if (plan.startDate > addDays(today, MAX_TRIP_DAYS_AHEAD)) return { startDate: TRIP_FIELD_MESSAGES.startTooFar };
  return {};
}

const tripDate = z.string({ error: TRIP_FIELD_MESSAGES.date }).refine(isCalendarDate, TRIP_FIELD_MESSAGES.date);
const tripTime = z.string({ error: TRIP_FIELD_MESSAGES.time }).regex(TIME_PATTERN, TRIP_FIELD_MESSAGES.time);
const requiredText = (message: string, max = TRIP_TEXT_MAX) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export const EmergencyContact = z
  .object({
    name: requiredText(TRIP_FIELD_MESSAGES.contactName, 100),
    email: z
      .email({ error: TRIP_FIELD_MESSAGES.contactEmail })
      .max(254, TRIP_FIELD_MESSAGES.contactEmail)
      .transform((e) => e.toLowerCase()),
  })
  .strict();
export type EmergencyContact = z.infer<typeof EmergencyContact>;

/** The filing form; also the body of POST /api/trip-plans. */
export const TripPlanInput = z
  .object({
    /** The group activity this plan is for (every participant is on it), or null for a solo outing. */
    activityId: z
      .string()
      .regex(/^[0-9A-Za-z_-]{1,64}$/)
      .nullable()
      .default(null),
    trailhead: requiredText(TRIP_FIELD_MESSAGES.trailhead),
    route: requiredText(TRIP_FIELD_MESSAGES.route, TRIP_ROUTE_MAX),
    area: requiredText(TRIP_FIELD_MESSAGES.area),
    startDate: tripDate,
    startTime: tripTime,
    returnDate: tripDate,
    returnTime: tripTime,
    graceMinutes: z.literal(GRACE_OPTIONS, { error: TRIP_FIELD_MESSAGES.grace }),
    vehicle: z.string().trim().max(TRIP_TEXT_MAX, TRIP_FIELD_MESSAGES.vehicle).default(''),
    essentials: z
      .array(z.enum(TRIP_ESSENTIALS))
      .max(TRIP_ESSENTIALS.length)
      .default([])
      .transform((list) => [...new Set(list)]),
    contacts: z
      .array(EmergencyContact, { error: TRIP_FIELD_MESSAGES.contacts })
      .min(1, TRIP_FIELD_MESSAGES.contacts)
      .max(MAX_CONTACTS, TRIP_FIELD_MESSAGES.contacts),
  })
  .strict()
  .refine((plan) => `${plan.returnDate}T${plan.returnTime}` > `${plan.startDate}T${plan.startTime}`, {
    message: TRIP_FIELD_MESSAGES.returnOrder,
    path: ['returnTime'],
  })
  .refine((plan) => returnWithinTrip(plan.startDate, plan.returnDate), {
    message: TRIP_FIELD_MESSAGES.tripTooLong,
    path: ['returnDate'],
  });
export type TripPlanInput = z.infer<typeof TripPlanInput>;

export const TripPlanIdPath = z.object({ planId: z.string().regex(/^[0-9A-Z]{26}$/, 'Not a trip plan id.') }).strict();
/** A contact link's token: 32 random bytes, base64url. */
export const TripLinkPath = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a trip plan link.') })
  .strict();

/** POST /api/trip-plans/{planId}/check-ins: "We're back" or "Running late" (up to MAX_RETURN_MOVES times, with a reason). */
export const TripCheckInRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('back') }).strict(),
  z
    .object({
      kind: z.literal('late'),
      returnDate: tripDate,
      returnTime: tripTime,
      reason: requiredText(TRIP_FIELD_MESSAGES.reason, LATE_REASON_MAX),
    })
    .strict(),
]);
export type TripCheckInRequest = z.infer<typeof TripCheckInRequest>;

export const TRIP_STATUSES = ['open', 'closed'] as const;

export const TripPartyMember = z.object({ userId: z.string(), name: z.string() });

/** What the party sees. */
export const TripPlan = z.object({
  id: z.string(),
  ownerId: z.string(),
  activityId: z.string().nullable(),
  trailhead: z.string(),
  route: z.string(),
  area: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  returnDate: z.string(),
  returnTime: z.string(),
  timeZone: z.string(),
  /**
   * The start and the expected return as instants, converted by the server with the IANA data it ships (a browser's
   * own data may still move British Columbia's clocks): what a calendar file needs.
   */
  startsAt: z.iso.datetime(),
  returnsAt: z.iso.datetime(),
  graceMinutes: z.number(),
  vehicle: z.string(),
  essentials: z.array(z.enum(TRIP_ESSENTIALS)),
  contacts: z.array(z.object({ name: z.string(), email: z.string() })),
  party: z.array(TripPartyMember),
  status: z.enum(TRIP_STATUSES),
  /** The reason given the last time "Running late" moved the return; null while it never has. */
  lateReason: z.string().nullable(),
  /** How many times "Running late" moved the return (at most MAX_RETURN_MOVES). */
  returnMoves: z.number().int().min(0).max(MAX_RETURN_MOVES),
  lastCheckIn: z.object({ at: z.iso.datetime(), by: z.string(), kind: z.enum(['filed', 'late', 'back']) }),
  overdueAlertsSent: z.number().int().min(0).max(2),
  closedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TripPlan = z.infer<typeof TripPlan>;

export const TripPlanList = z.object({ plans: z.array(TripPlan) });
export type TripPlanList = z.infer<typeof TripPlanList>;

/** What an emergency contact sees through their link: names, never user ids; no contacts' emails. (`lastCheckIn.by` is a name.) */
export const SharedTripPlan = TripPlan.omit({ ownerId: true, activityId: true, contacts: true, party: true }).extend({
  party: z.array(z.string()),
});
export type SharedTripPlan = z.infer<typeof SharedTripPlan>;

/**
 * Every email to an emergency contact carries two stop links: "I don't know this person" (no more mail from this
 * sender to this address) and "Never email me" (no TrailBuddy mail at all to this address).
 */
export const TRIP_CONTACT_STOPS = ['sender', 'address'] as const;
export type TripContactStop = (typeof TRIP_CONTACT_STOPS)[number];

/** A stop link's token: 32 random bytes, base64url. */
export const TripContactStopPath = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a valid link.') })
  .strict();

/** POST /api/trip-contact-stops/{token}: the contact confirmed one of the two stops. */
export const TripContactStopRequest = z.object({ stop: z.enum(TRIP_CONTACT_STOPS) }).strict();
export type TripContactStopRequest = z.infer<typeof TripContactStopRequest>;

/** What the stop page shows before the contact confirms (a GET never acts: mail scanners open links). */
export const TripContactStopView = z.object({ senderName: z.string() });
export type TripContactStopView = z.infer<typeof TripContactStopView>;

export const TripContactStopResult = z.object({ stopped: z.enum(TRIP_CONTACT_STOPS), senderName: z.string() });
export type TripContactStopResult = z.infer<typeof TripContactStopResult>;
