import * as z from 'zod';

/**
 * Trip plans (issue 16): where a party goes, when it expects to be back, and who to tell if it is not.
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

export const TRIP_FIELD_MESSAGES = {
  trailhead: 'Enter the trailhead.',
  route: `Describe the route (up to ${TRIP_ROUTE_MAX} characters).`,
  area: 'Enter the area.',
  date: 'Choose a date.',
  time: 'Choose a time.',
  returnOrder: 'The expected return must be after the start.',
  grace: `Choose a grace period of ${GRACE_OPTIONS.join(', ')} minutes.`,
  vehicle: `Keep the vehicle description to ${TRIP_TEXT_MAX} characters.`,
  contacts: `Add one to ${MAX_CONTACTS} emergency contacts.`,
  contactName: 'Enter the contact’s name.',
  contactEmail: 'Enter a valid email address.',
  reason: 'Say why you are running late.',
  tooLong: `Keep this to ${TRIP_TEXT_MAX} characters.`,
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
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
  });
export type TripPlanInput = z.infer<typeof TripPlanInput>;

export const TripPlanIdPath = z.object({ planId: z.string().regex(/^[0-9A-Z]{26}$/, 'Not a trip plan id.') }).strict();
/** A contact link's token: 32 random bytes, base64url. */
export const TripLinkPath = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a trip plan link.') })
  .strict();

/** POST /api/trip-plans/{planId}/check-ins: "We're back" or "Running late" (once, with a reason). */
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
  graceMinutes: z.number(),
  vehicle: z.string(),
  essentials: z.array(z.enum(TRIP_ESSENTIALS)),
  contacts: z.array(z.object({ name: z.string(), email: z.string() })),
  party: z.array(TripPartyMember),
  status: z.enum(TRIP_STATUSES),
  /** "Running late" was used (it moves the return once). */
  lateReason: z.string().nullable(),
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
