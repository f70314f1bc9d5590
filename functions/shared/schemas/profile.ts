import { z } from 'zod';
import { ActivityLevelLabel } from './metrics';

/** Spec core-app §2 (Find Partners location filter): the home areas a user can pick. */
export const HOME_AREAS = ['vancouver', 'north-vancouver', 'west-vancouver', 'burnaby', 'richmond', 'surrey'] as const;
export const HomeArea = z.enum(HOME_AREAS);
export type HomeArea = z.infer<typeof HomeArea>;

/** Spec core-app §3 (activity-creation form activityType): the activities a user can prefer and partners match on. */
export const OUTDOOR_ACTIVITIES = ['running', 'hiking', 'cycling', 'climbing', 'skiing', 'swimming'] as const;
export const OutdoorActivity = z.enum(OUTDOOR_ACTIVITIES);
export type OutdoorActivity = z.infer<typeof OutdoorActivity>;

/** Spec core-app §2 (Find Partners availability filter, without 'all'). */
export const AVAILABILITY_SLOTS = ['weekdays', 'weekends', 'mornings', 'evenings'] as const;
export const AvailabilitySlot = z.enum(AVAILABILITY_SLOTS);
export type AvailabilitySlot = z.infer<typeof AvailabilitySlot>;

/** Profile fields a discoverable user may show to other users or keep to themselves (display name is always shown). */
export const SHAREABLE_FIELDS = ['homeArea', 'activities', 'level', 'availability', 'bio'] as const;
export const ShareableField = z.enum(SHAREABLE_FIELDS);
export type ShareableField = z.infer<typeof ShareableField>;

export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 280;

const displayName = z.string().trim().min(1, 'Enter a display name.').max(DISPLAY_NAME_MAX, `Keep the display name to ${DISPLAY_NAME_MAX} characters.`);
const bio = z.string().trim().max(BIO_MAX, `Keep the bio to ${BIO_MAX} characters.`);

/** The editable part of a profile: what partner matching needs (core-app §2 Profile, issue 5/6). */
export const ProfileSettings = z.object({
  displayName: displayName.nullable(),
  homeArea: HomeArea.nullable(),
  activities: z.array(OutdoorActivity).max(OUTDOOR_ACTIVITIES.length),
  availability: z.array(AvailabilitySlot).max(AVAILABILITY_SLOTS.length),
  bio: bio,
  /** Off by default: nobody finds a user who has not opted in. */
  discoverable: z.boolean(),
  /** What a discoverable user lets others see; anything not listed stays private. */
  visibleFields: z.array(ShareableField).max(SHAREABLE_FIELDS.length),
});
export type ProfileSettings = z.infer<typeof ProfileSettings>;

export const DEFAULT_PROFILE_SETTINGS: ProfileSettings = {
  displayName: null,
  homeArea: null,
  activities: [],
  availability: [],
  bio: '',
  discoverable: false,
  visibleFields: [...SHAREABLE_FIELDS],
};

/** GET /api/profile and the answer of PUT /api/profile. */
export const ProfileResponse = z.object({
  id: z.string(),
  email: z.email(),
  createdAt: z.iso.datetime(),
  settings: ProfileSettings,
  /** The user's current activity-level label from their metrics, null before the first sync. */
  level: ActivityLevelLabel.nullable(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** PUT /api/profile: the whole settings object (no partial merge, so the client always sends what it shows). */
export const UpdateProfileRequest = ProfileSettings.strict().refine(
  (settings) => !settings.discoverable || (settings.displayName !== null && settings.homeArea !== null && settings.activities.length > 0),
  { message: 'To be discoverable, set a display name, a home area and at least one activity.', path: ['discoverable'] },
);
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** DELETE /api/me: what was removed (the account itself is removed by the client through Cognito afterwards). */
export const AccountDeletionResponse = z.object({
  deletedAt: z.iso.datetime(),
  /** Items removed per table, for the confirmation and the logs. */
  removed: z.record(z.string(), z.number().int().nonnegative()),
});
export type AccountDeletionResponse = z.infer<typeof AccountDeletionResponse>;
