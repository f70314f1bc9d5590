import * as z from 'zod';
import { ACTIVITY_LEVEL_LABELS, ActivityLevelLabel } from './metrics';
import {
  AVAILABILITY_SLOTS,
  AvailabilitySlot,
  HOME_AREAS,
  HomeArea,
  OUTDOOR_ACTIVITIES,
  OutdoorActivity,
  PACE_BANDS,
  PACED_ACTIVITIES,
} from './profile';

/** Spec core-app §9: compatibility colour bands. */
export type CompatibilityBand = 'green' | 'blue' | 'yellow' | 'red';
export function compatibilityBand(percent: number): CompatibilityBand {
  if (percent >= 90) return 'green';
  if (percent >= 80) return 'blue';
  if (percent >= 70) return 'yellow';
  return 'red';
}

/** Level filter values: the activity-level labels as URL-friendly slugs. */
export const LEVEL_FILTER_VALUES = ['getting-started', 'beginner', 'intermediate', 'advanced', 'elite'] as const;
export type LevelFilterValue = (typeof LEVEL_FILTER_VALUES)[number];
export const LEVEL_BY_FILTER: Record<LevelFilterValue, ActivityLevelLabel> = Object.fromEntries(
  LEVEL_FILTER_VALUES.map((value, index) => [value, ACTIVITY_LEVEL_LABELS[index]!]),
) as Record<LevelFilterValue, ActivityLevelLabel>;

export const PARTNER_PAGE_SIZE_DEFAULT = 12;
export const PARTNER_PAGE_SIZE_MAX = 50;

/** An opaque paging token the server handed out (base64url). */
const Cursor = z
  .string()
  .min(1, 'The page token is empty.')
  .max(1024, 'The page token is too long.')
  .regex(/^[A-Za-z0-9_-]+$/, 'The page token is not one TrailBuddy handed out.');

/** GET /api/partners: spec core-app §2 filters; 'all' everywhere means no filter. */
export const PartnerSearchQuery = z
  .object({
    activity: z.enum(['all', ...OUTDOOR_ACTIVITIES], { error: 'Choose an activity from the list.' }).default('all'),
    location: z.enum(['all', ...HOME_AREAS], { error: 'Choose a location from the list.' }).default('all'),
    level: z.enum(['all', ...LEVEL_FILTER_VALUES], { error: 'Choose a level from the list.' }).default('all'),
    availability: z
      .enum(['all', ...AVAILABILITY_SLOTS], { error: 'Choose availability from the list.' })
      .default('all'),
    /** Premium: the member's pace band for the chosen activity (one of PACED_ACTIVITIES). */
    pace: z.enum(PACE_BANDS, { error: 'Choose a pace from the list.' }).optional(),
    /** Premium: "free this weekend", members whose availability includes weekends. */
    weekend: z.enum(['true', 'false'], { error: 'Use weekend=true or leave it out.' }).optional(),
    cursor: Cursor.optional(),
    limit: z.coerce
      .number({ error: 'The page size must be a number.' })
      .int('The page size must be a whole number.')
      .min(1, 'The page size must be at least 1.')
      .max(PARTNER_PAGE_SIZE_MAX, `The page size can be at most ${PARTNER_PAGE_SIZE_MAX}.`)
      .default(PARTNER_PAGE_SIZE_DEFAULT),
  })
  .strict()
  .refine((query) => !query.pace || (PACED_ACTIVITIES as readonly string[]).includes(query.activity), {
    path: ['pace'],
    message: 'Choose running, hiking, cycling or swimming to filter by pace.',
  });
export type PartnerSearchQuery = z.infer<typeof PartnerSearchQuery>;

/** Whether a search uses a filter only Premium members may use (the others are the free product's and stay free). */
export const usesPremiumFilter = (query: Pick<PartnerSearchQuery, 'pace' | 'weekend'>): boolean =>
  query.pace !== undefined || query.weekend === 'true';

export const PREMIUM_REQUIRED_MESSAGE = 'Advanced filters are part of Premium.';

/** Where the caller stands with another member. */
export const CONNECTION_STATUSES = ['none', 'outgoing', 'incoming', 'partners'] as const;
export const ConnectionStatus = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/** Factors matching could not compare (no data on one side); they count as neutral. */
export const MATCH_FACTORS = ['activities', 'level', 'pace', 'days', 'timeOfDay', 'area'] as const;
export const MatchFactor = z.enum(MATCH_FACTORS);
export type MatchFactor = z.infer<typeof MatchFactor>;

/**
 * A partner card. Only derived, coarse facts the member chose to show (design §1): never activity
 * numbers, routes or provider data. A field the member keeps private is null (or empty).
 */
export const PartnerCard = z.object({
  userId: z.string().min(1),
  displayName: z.string().min(1),
  homeArea: HomeArea.nullable(),
  activities: z.array(OutdoorActivity),
  /** The activities both of you do (empty when the member keeps activities private). */
  sharedActivities: z.array(OutdoorActivity),
  level: ActivityLevelLabel.nullable(),
  availability: z.array(AvailabilitySlot),
  bio: z.string().nullable(),
  compatibility: z.number().int().min(0).max(100),
  reasons: z.array(z.string().min(1)),
  /** What matching could not compare, so the percent is read with care. */
  notCompared: z.array(MatchFactor),
  connection: ConnectionStatus,
});
export type PartnerCard = z.infer<typeof PartnerCard>;

export const PartnerSearchResponse = z.object({
  partners: z.array(PartnerCard),
  nextCursor: z.string().nullable(),
  /** Whether the caller's own profile is ready for matching (the empty state prompts for what is missing). */
  me: z.object({ profileComplete: z.boolean(), discoverable: z.boolean() }),
});
export type PartnerSearchResponse = z.infer<typeof PartnerSearchResponse>;

/** GET /api/partners/{userId}: the same coarse facts as the card. */
export const PartnerProfileResponse = z.object({ partner: PartnerCard });
export type PartnerProfileResponse = z.infer<typeof PartnerProfileResponse>;

/** Cognito subs and test ids: letters, digits, '-' and '_' only, so they are safe in keys and paths. */
export const MemberId = z
  .string()
  .min(1, 'Give a member id.')
  .max(128, 'That member id is too long.')
  .regex(/^[A-Za-z0-9_-]+$/, 'That is not a member id.');

export const MemberPath = z.object({ userId: MemberId }).strict();
export type MemberPath = z.infer<typeof MemberPath>;

/** A member in the caller's lists (requests, partners, blocked). */
export const MemberSummary = z.object({
  userId: z.string().min(1),
  displayName: z.string().min(1),
  since: z.iso.datetime(),
});
export type MemberSummary = z.infer<typeof MemberSummary>;

/** GET /api/partner-connections */
export const PartnerConnectionsResponse = z.object({
  incoming: z.array(MemberSummary),
  outgoing: z.array(MemberSummary),
  partners: z.array(MemberSummary),
  blocked: z.array(MemberSummary),
});
export type PartnerConnectionsResponse = z.infer<typeof PartnerConnectionsResponse>;

/** Answer of connect, accept, decline, block and unblock: where the caller now stands with the member. */
export const ConnectionActionResponse = z.object({
  userId: z.string().min(1),
  connection: ConnectionStatus,
  blocked: z.boolean(),
});
export type ConnectionActionResponse = z.infer<typeof ConnectionActionResponse>;

/** Partner-request limits: partner requests one member may send per clock hour. */
export const PARTNER_REQUESTS_PER_HOUR = 10;
export const partnerRequestLimitMessage = (minutes: number) =>
  `You have sent ${PARTNER_REQUESTS_PER_HOUR} partner requests this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** What others see in place of a member who deleted their account (notifications, conversations). */
export const DELETED_USER = 'Deleted user';

/** A name for members who have not set one (shown only in the caller's own lists). */
export const UNNAMED_MEMBER = 'TrailBuddy member';
