import * as z from 'zod';
import { HOME_AREAS, OUTDOOR_ACTIVITIES } from './profile';
import { MemberId } from './partners';
import {
  GROUP_ACTIVITY_STATUSES,
  isCalendarDate,
  planDateOf,
  planStartInstant,
  TIME_PATTERN,
} from './group-activities-plain';

export {
  DEFAULT_NEARBY_AREA,
  formatWallDate,
  formatWallDateTime,
  formatWallTime,
  GROUP_ACTIVITY_STATUSES,
  PLAN_TIME_ZONE,
  planDateOf,
  planStartInstant,
  statusLabel,
} from './group-activities-plain';

/**
 * Group activities (spec core-app §2 Plan Activity, §3 activity-creation form, §4 statuses).
 * The same schema checks the form in the browser and the body on the server, so both give the same
 * message per field.
 */

export const ACTIVITY_TYPES = OUTDOOR_ACTIVITIES;
export const DURATION_OPTIONS = [30, 60, 90, 120, 180, 240] as const;
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const MAX_PARTICIPANT_OPTIONS = [2, 3, 4, 5, 6, 8, 10] as const;
/** Where an activity is, for 'upcoming activities nearby': one of the spec's locations. */
export const ACTIVITY_AREAS = HOME_AREAS;
/** How far ahead an activity may be planned. */
export const MAX_DAYS_AHEAD = 365;

export const TITLE_MAX = 80;
export const LOCATION_MAX = 120;
export const DESCRIPTION_MAX = 1000;
export const EQUIPMENT_MAX = 300;
export const NOTES_MAX = 1000;

export const FIELD_MESSAGES = {
  activityType: 'Choose an activity type.',
  title: 'Enter a title.',
  titleTooLong: `Keep the title to ${TITLE_MAX} characters.`,
  description: `Keep the description to ${DESCRIPTION_MAX} characters.`,
  date: 'Choose a date.',
  datePast: 'Choose today or a later date.',
  dateTooFar: `Plan at most ${MAX_DAYS_AHEAD} days ahead.`,
  time: 'Choose a start time.',
  timePast: 'Choose a start time later than now.',
  location: 'Enter a location.',
  locationTooLong: `Keep the location to ${LOCATION_MAX} characters.`,
  area: 'Choose an area from the list.',
  duration: 'Choose a duration from the list.',
  difficulty: 'Choose a difficulty.',
  maxParticipants: `Choose a maximum of ${MAX_PARTICIPANT_OPTIONS.slice(0, -1).join(', ')} or ${MAX_PARTICIPANT_OPTIONS.at(-1)} participants.`,
  equipment: `Keep the equipment list to ${EQUIPMENT_MAX} characters.`,
  notes: `Keep the notes to ${NOTES_MAX} characters.`,
} as const;

const text = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);

/** The activity-creation form (spec §3), also the body of create and edit. */
export const GroupActivityInput = z
  .object({
    activityType: z.enum(ACTIVITY_TYPES, { error: FIELD_MESSAGES.activityType }),
    title: z
      .string({ error: FIELD_MESSAGES.title })
      .trim()
      .min(1, FIELD_MESSAGES.title)
      .max(TITLE_MAX, FIELD_MESSAGES.titleTooLong),
    description: text(DESCRIPTION_MAX, FIELD_MESSAGES.description).default(''),
    /** yyyy-mm-dd, in British Columbia. */
    date: z.string({ error: FIELD_MESSAGES.date }).refine(isCalendarDate, FIELD_MESSAGES.date),
    /** hh:mm (24 h), in British Columbia. */
    time: z.string({ error: FIELD_MESSAGES.time }).regex(TIME_PATTERN, FIELD_MESSAGES.time),
    location: z
      .string({ error: FIELD_MESSAGES.location })
      .trim()
      .min(1, FIELD_MESSAGES.location)
      .max(LOCATION_MAX, FIELD_MESSAGES.locationTooLong),
    /**
     * Null for a place outside the listed areas; such activities are listed under 'elsewhere'. Left out on
     * create, it is the organizer's home area (Vancouver without one), where their nearby list looks; left
     * out on edit, it stays as it was.
     */
    area: z.enum(ACTIVITY_AREAS, { error: FIELD_MESSAGES.area }).nullable().optional(),
    duration: z.literal(DURATION_OPTIONS, { error: FIELD_MESSAGES.duration }),
    difficulty: z.enum(DIFFICULTIES, { error: FIELD_MESSAGES.difficulty }),
    maxParticipants: z.literal(MAX_PARTICIPANT_OPTIONS, { error: FIELD_MESSAGES.maxParticipants }),
    equipment: text(EQUIPMENT_MAX, FIELD_MESSAGES.equipment).default(''),
    notes: text(NOTES_MAX, FIELD_MESSAGES.notes).default(''),
  })
  .strict();
export type GroupActivityInput = z.infer<typeof GroupActivityInput>;

/** The form after reset (spec §3: running, 60 minutes, intermediate, max 4). */
export const DEFAULT_GROUP_ACTIVITY_FORM: GroupActivityInput = {
  activityType: 'running',
  title: '',
  description: '',
  date: '',
  time: '',
  location: '',
  area: null,
  duration: 60,
  difficulty: 'intermediate',
  maxParticipants: 4,
  equipment: '',
  notes: '',
};

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The rule the spec left open: no activity in the past (relative to `now`, in British Columbia) and none
 * more than a year ahead. Returns a message per field, empty when the date and time are fine.
 */
export function activityTimingIssues(date: string, time: string, now: Date): Partial<Record<'date' | 'time', string>> {
  if (!isCalendarDate(date) || !TIME_PATTERN.test(time)) return {};
  const today = planDateOf(now);
  if (date < today) return { date: FIELD_MESSAGES.datePast };
  if (date > addDays(today, MAX_DAYS_AHEAD)) return { date: FIELD_MESSAGES.dateTooFar };
  if (planStartInstant(date, time).getTime() <= now.getTime()) return { time: FIELD_MESSAGES.timePast };
  return {};
}

/** Per-field messages for a form: the schema's first message per field, then the timing rule. */
export function groupActivityFormErrors(form: unknown, now: Date): Record<string, string> {
  const parsed = GroupActivityInput.safeParse(form);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'form'] ??= issue.message;
    return errors;
  }
  return { ...activityTimingIssues(parsed.data.date, parsed.data.time, now) };
}

// --- Responses ---

export const GroupActivityStatus = z.enum(GROUP_ACTIVITY_STATUSES);
export type GroupActivityStatus = z.infer<typeof GroupActivityStatus>;

/** Name shown for a user who has not set a display name. */
export const FALLBACK_DISPLAY_NAME = 'TrailBuddy member';

export const GroupActivitySummary = z.object({
  id: z.string(),
  activityType: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  /** The start as an instant (date + time in British Columbia). */
  startsAt: z.iso.datetime(),
  location: z.string(),
  area: z.enum(ACTIVITY_AREAS).nullable(),
  duration: z.number().int(),
  difficulty: z.enum(DIFFICULTIES),
  maxParticipants: z.number().int(),
  /** Everyone taking part, the organizer included. */
  participantCount: z.number().int().nonnegative(),
  status: GroupActivityStatus,
  organizerName: z.string(),
  /** Set once the organizer cancelled; participants keep seeing the activity, marked cancelled. */
  cancelledAt: z.iso.datetime().nullable(),
  /** The caller's relation to the activity. */
  viewer: z.object({ isOrganizer: z.boolean(), isParticipant: z.boolean() }),
});
export type GroupActivitySummary = z.infer<typeof GroupActivitySummary>;

export const GroupActivityParticipant = z.object({
  /** Only in the organizer's view (to remove someone); nobody else is given the participants' ids. */
  userId: z.string().optional(),
  displayName: z.string(),
  isOrganizer: z.boolean(),
  isYou: z.boolean(),
  joinedAt: z.iso.datetime(),
});
export type GroupActivityParticipant = z.infer<typeof GroupActivityParticipant>;

export const GroupActivityDetails = GroupActivitySummary.extend({
  description: z.string(),
  equipment: z.string(),
  notes: z.string(),
  participants: z.array(GroupActivityParticipant),
  /**
   * People taking part whom this viewer is not shown (they and the viewer are kept apart by a block): counted, never
   * named, so `participants.length + participantsNotShown` is `participantCount`.
   */
  participantsNotShown: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type GroupActivityDetails = z.infer<typeof GroupActivityDetails>;

export const GroupActivityListResponse = z.object({
  activities: z.array(GroupActivitySummary),
  nextCursor: z.string().nullable(),
});
export type GroupActivityListResponse = z.infer<typeof GroupActivityListResponse>;

/** The area filter of 'upcoming activities nearby': a listed area, or 'elsewhere' for activities without one. */
export const NEARBY_AREAS = [...ACTIVITY_AREAS, 'elsewhere'] as const;
export const NearbyArea = z.enum(NEARBY_AREAS, { error: `Choose an area: ${NEARBY_AREAS.join(', ')}.` });
export type NearbyArea = z.infer<typeof NearbyArea>;

/** The answer of GET /api/group-activities names the area it lists (the caller's home area unless one was asked for). */
export const NearbyActivitiesResponse = GroupActivityListResponse.extend({ area: NearbyArea });
export type NearbyActivitiesResponse = z.infer<typeof NearbyActivitiesResponse>;

export const PAGE_LIMIT_MAX = 50;
const limit = z.coerce
  .number({ error: `Ask for 1 to ${PAGE_LIMIT_MAX} items.` })
  .int(`Ask for 1 to ${PAGE_LIMIT_MAX} items.`)
  .min(1, `Ask for 1 to ${PAGE_LIMIT_MAX} items.`)
  .max(PAGE_LIMIT_MAX, `Ask for 1 to ${PAGE_LIMIT_MAX} items.`);

/** GET /api/group-activities: upcoming activities in an area (by default the caller's home area), soonest first. */
export const NearbyActivitiesQuery = z
  .object({
    area: NearbyArea.optional(),
    cursor: z.string().max(512).optional(),
    limit: limit.default(20),
  })
  .strict();
export type NearbyActivitiesQuery = z.infer<typeof NearbyActivitiesQuery>;

/** GET /api/group-activities/mine: the caller's upcoming activities (organised and joined), soonest first. */
export const MyActivitiesQuery = z
  .object({
    cursor: z.string().max(512).optional(),
    limit: limit.default(20),
  })
  .strict();
export type MyActivitiesQuery = z.infer<typeof MyActivitiesQuery>;

export const ActivityIdPath = z.object({
  activityId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown activity id.'),
});
export type ActivityIdPath = z.infer<typeof ActivityIdPath>;
/** DELETE /api/group-activities/{activityId}/participants/{userId}: the organizer removes someone. */
export const ParticipantPath = ActivityIdPath.extend({ userId: MemberId }).strict();
export type ParticipantPath = z.infer<typeof ParticipantPath>;
