import * as z from 'zod';
import { ActivityLevelLabel } from './metrics';
import { PLACE_LABELS } from '../places';
import { AVAILABILITY_SLOTS, HOME_AREAS, OUTDOOR_ACTIVITIES, PACE_BANDS, SHAREABLE_FIELDS } from './profile-plain';

export {
  AVAILABILITY_SLOTS,
  HOME_AREAS,
  OUTDOOR_ACTIVITIES,
  PACE_BANDS,
  PACED_ACTIVITIES,
  SHAREABLE_FIELDS,
} from './profile-plain';

export const HomeArea = z.enum(HOME_AREAS, { error: 'Choose a home area from the list.' });
export type HomeArea = z.infer<typeof HomeArea>;

export const OutdoorActivity = z.enum(OUTDOOR_ACTIVITIES, { error: 'Choose activities from the list.' });
export type OutdoorActivity = z.infer<typeof OutdoorActivity>;

export const AvailabilitySlot = z.enum(AVAILABILITY_SLOTS, { error: 'Choose availability from the list.' });
export type AvailabilitySlot = z.infer<typeof AvailabilitySlot>;

export const ShareableField = z.enum(SHAREABLE_FIELDS, { error: 'Choose what others may see from the list.' });
export type ShareableField = z.infer<typeof ShareableField>;

export const PaceBand = z.enum(PACE_BANDS, { error: 'Choose a pace from the list.' });
export type PaceBand = z.infer<typeof PaceBand>;

/** A pace per activity the member declares; activities without one are left out of pace matching. */
export const DeclaredPaces = z.partialRecord(OutdoorActivity, PaceBand, { error: 'Choose a pace for each activity.' });
export type DeclaredPaces = z.infer<typeof DeclaredPaces>;

export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 280;

/** Readable names for the choices, shared so every screen (profile, partner cards, filters) says the same. */
export const HOME_AREA_LABELS: Record<HomeArea, string> = PLACE_LABELS;
export const OUTDOOR_ACTIVITY_LABELS: Record<OutdoorActivity, string> = {
  running: 'Running',
  hiking: 'Hiking',
  cycling: 'Cycling',
  climbing: 'Climbing',
  skiing: 'Skiing',
  swimming: 'Swimming',
};
export const AVAILABILITY_SLOT_LABELS: Record<AvailabilitySlot, string> = {
  weekdays: 'Weekdays',
  weekends: 'Weekends',
  mornings: 'Mornings',
  evenings: 'Evenings',
};
export const PACE_BAND_LABELS: Record<PaceBand, string> = {
  relaxed: 'Relaxed',
  steady: 'Steady',
  fast: 'Fast',
};
export const SHAREABLE_FIELD_LABELS: Record<ShareableField, string> = {
  homeArea: 'Home area',
  activities: 'Activity preferences',
  level: 'Activity level',
  availability: 'Availability',
  bio: 'Bio',
};

// Control characters (other than the newlines a bio may have) have no place in text other people read.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const CONTROL_CHARACTERS_BUT_NEWLINES = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;
/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make a name read as someone else's. */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
/** Invisible characters trimmed from the ends of a name, beside the white space trim() removes. */
const INVISIBLE_EDGES = /^[\s\u200b-\u200d\u2060\ufeff]+|[\s\u200b-\u200d\u2060\ufeff]+$/g;
/** Stacks of combining marks ('Zalgo' text) that spill over the lines around them. */
const MARK_STACK = /\p{M}{4,}/u;
const VISIBLE_LETTER = /\p{L}/u;

/**
 * Display names: NFC-normalised (so 'é' typed either way is one name), trimmed of white space and
 * invisible characters, at least one visible letter, no control or bidi-override characters, no mark stacks.
 * One rule for the form and the server.
 */
export const DisplayName = z
  .string({ error: 'Enter a display name.' })
  .overwrite((value) => value.normalize('NFC').replace(INVISIBLE_EDGES, ''))
  .min(1, 'Enter a display name.')
  .max(DISPLAY_NAME_MAX, `Keep the display name to ${DISPLAY_NAME_MAX} characters.`)
  .refine((value) => !CONTROL_CHARACTERS.test(value), 'Use letters, numbers and punctuation only.')
  .refine((value) => !BIDI_CONTROLS.test(value), 'Remove the text-direction characters from the name.')
  .refine((value) => !MARK_STACK.test(value), 'Use fewer accent marks on one letter.')
  .refine((value) => VISIBLE_LETTER.test(value), 'Include at least one letter in the display name.');
const displayName = DisplayName;
const bio = z
  .string()
  .overwrite((value) => value.normalize('NFC').trim())
  .max(BIO_MAX, `Keep the bio to ${BIO_MAX} characters.`)
  .refine((value) => !CONTROL_CHARACTERS_BUT_NEWLINES.test(value), 'Use letters, numbers and punctuation only.')
  .refine((value) => !BIDI_CONTROLS.test(value), 'Remove the text-direction characters from the bio.');

/** A list of distinct choices, with messages a person can act on. */
function choices<Item extends z.ZodType<string>>(item: Item, what: string) {
  return z
    .array(item, { error: `Choose ${what} from the list.` })
    .refine((values) => new Set(values).size === values.length, `Choose each of the ${what} once.`);
}

/** The editable part of a profile: what partner matching needs (core-app §2 Profile). */
export const ProfileSettings = z.object({
  displayName: displayName.nullable(),
  homeArea: HomeArea.nullable(),
  activities: choices(OutdoorActivity, 'activities'),
  availability: choices(AvailabilitySlot, 'availability times'),
  bio: bio,
  /** Off by default: nobody finds a user who has not opted in. */
  discoverable: z.boolean({ error: 'Choose whether other members may find you.' }),
  /** What a discoverable user lets others see; anything not listed stays private. */
  visibleFields: choices(ShareableField, 'visible fields'),
  /** The level the member declares; with the toggle below off, the only level other members are matched on. */
  level: ActivityLevelLabel.nullable().default(null),
  /** The pace per activity the member declares. */
  paces: DeclaredPaces.default({}),
  /**
   * Off by default: consent to match on activity from sources whose terms allow it (Google Health, Apple Health),
   * never Strava's (its API agreement lets Strava data be shown only to the athlete it belongs to).
   */
  useActivityForMatching: z.boolean({ error: 'Choose whether your activity may be used for matching.' }).default(false),
});
export type ProfileSettings = z.infer<typeof ProfileSettings>;
/** Settings as a client may send them: the declarations and the matching consent may be left out (their defaults). */
export type ProfileSettingsInput = z.input<typeof ProfileSettings>;

export const DEFAULT_PROFILE_SETTINGS: ProfileSettings = {
  displayName: null,
  homeArea: null,
  activities: [],
  availability: [],
  bio: '',
  discoverable: false,
  visibleFields: [...SHAREABLE_FIELDS],
  level: null,
  paces: {},
  useActivityForMatching: false,
};

/** Usual times a suggestion can put on the profile: the availability slots that are parts of the day. */
export const SUGGESTABLE_TIMES = ['mornings', 'evenings'] as const satisfies readonly AvailabilitySlot[];

/**
 * What the owner's own activity (every connected source, Strava included) suggests for their profile. Shown only to
 * them; nothing here reaches another member unless they put it on their profile, where it is their own declaration.
 */
export const ActivitySuggestions = z.object({
  level: ActivityLevelLabel.nullable(),
  paces: DeclaredPaces,
  times: z.array(z.enum(SUGGESTABLE_TIMES)),
});
export type ActivitySuggestions = z.infer<typeof ActivitySuggestions>;

/** GET /api/profile and the answer of PUT /api/profile. */
export const ProfileResponse = z.object({
  id: z.string(),
  email: z.email(),
  createdAt: z.iso.datetime(),
  settings: ProfileSettings,
  /** The user's current activity-level label from their metrics, null before the first sync. */
  level: ActivityLevelLabel.nullable(),
  /** Suggestions from the user's own activity, for them alone. */
  suggested: ActivitySuggestions,
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** PUT /api/profile: the whole settings object (no partial merge, so the client always sends what it shows). */
export const UpdateProfileRequest = ProfileSettings.strict().refine(
  (settings) =>
    !settings.discoverable ||
    (settings.displayName !== null && settings.homeArea !== null && settings.activities.length > 0),
  { message: 'To be discoverable, set a display name, a home area and at least one activity.', path: ['discoverable'] },
);
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** DELETE /api/me: what was removed (the account itself is removed by the client through Cognito afterwards). */
export const AccountDeletionResponse = z.object({
  deletedAt: z.iso.datetime(),
  /**
   * Items removed, for the confirmation and the logs: per table for what sits under the user's own keys
   * (users, connections, activities, rateLimits, social), plus what each capability's eraser removed
   * (partners, plans, apple), and `providersDisconnected`.
   */
  removed: z.record(z.string(), z.number().int().nonnegative()),
});
export type AccountDeletionResponse = z.infer<typeof AccountDeletionResponse>;
