/** The zod-free part of the profile schemas (./profile.ts re-exports it): the choices, for code that loads no schema. */

import { PLACE_IDS } from '../places';

/** Spec core-app §2 (Find Partners location filter): the home areas a user can pick, every place of ../places. */
export const HOME_AREAS = PLACE_IDS;

/** Spec core-app §3 (activity-creation form activityType): the activities a user can prefer and partners match on. */
export const OUTDOOR_ACTIVITIES = ['running', 'hiking', 'cycling', 'climbing', 'skiing', 'swimming'] as const;

/** Spec core-app §2 (Find Partners availability filter, without 'all'). */
export const AVAILABILITY_SLOTS = ['weekdays', 'weekends', 'mornings', 'evenings'] as const;

/** Profile fields a discoverable user may show to other users or keep to themselves (display name is always shown). */
export const SHAREABLE_FIELDS = ['homeArea', 'activities', 'level', 'availability', 'bio'] as const;

/** A coarse pace per activity, never the pace itself: what a member may declare and partners are compared on. */
export const PACE_BANDS = ['relaxed', 'steady', 'fast'] as const;

/** The activities a pace is compared for (climbing is vertical and skiing lift-served: no pace worth comparing). */
export const PACED_ACTIVITIES = ['running', 'hiking', 'cycling', 'swimming'] as const;
