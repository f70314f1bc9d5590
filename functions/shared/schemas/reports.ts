import * as z from 'zod';

/**
 * Reports and moderation. Anyone signed in can report a person, a message, a group activity, a ride offer
 * or a ride request;
 * users in the Cognito group `moderators` review the queue and dismiss, hide the content or suspend the account.
 */
export const REPORT_KINDS = ['person', 'message', 'group_activity', 'ride', 'ride_request'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_REASONS = ['harassment', 'spam', 'inappropriate', 'unsafe', 'impersonation', 'other'] as const;
export const REPORT_REASON_LABELS: Readonly<Record<(typeof REPORT_REASONS)[number], string>> = {
  harassment: 'Harassment or bullying',
  spam: 'Spam or scam',
  inappropriate: 'Inappropriate content',
  unsafe: 'Safety concern',
  impersonation: 'Fake profile or impersonation',
  other: 'Something else',
};

export const REPORT_NOTE_MAX = 500;
/** Reports one person may file per hour (429 after). */
export const REPORTS_PER_HOUR = 10;
/** Open reports from this many distinct people hide the content until a moderator reviews it. */
export const AUTO_HIDE_REPORTERS = 3;

const id = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:@-]+$/, 'Not a valid id.');
const common = {
  reason: z.enum(REPORT_REASONS),
  note: z.string().trim().max(REPORT_NOTE_MAX).optional(),
};
/** What the reporter adds to a report: the reason and an optional note (the report form checks these). */
export const ReportDetails = z.object(common);

/** POST /api/reports */
export const ReportRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('person'), userId: id, ...common }).strict(),
  /** `userId`: the other person in the conversation (the sender of the message). */
  z.object({ kind: z.literal('message'), userId: id, messageId: id, ...common }).strict(),
  z.object({ kind: z.literal('group_activity'), activityId: id, ...common }).strict(),
  z.object({ kind: z.literal('ride'), activityId: id, rideId: id, ...common }).strict(),
  z.object({ kind: z.literal('ride_request'), activityId: id, requestId: id, ...common }).strict(),
]);
export type ReportRequest = z.infer<typeof ReportRequest>;

/** What the reporter is told: never anything about the reported person's side. */
export const REPORT_NEXT_STEPS =
  'Thanks for telling us. A moderator will review your report, usually within 24 hours. The person you reported is not told who reported them. If you are in danger, call 911.';

export const ReportReceipt = z.object({
  reportId: z.string(),
  status: z.literal('received'),
  nextSteps: z.string(),
});
export type ReportReceipt = z.infer<typeof ReportReceipt>;

export const ReportStatus = z.enum(['open', 'dismissed', 'hidden', 'suspended']);

/**
 * One entry of the moderators' queue: one reported content item, with every open report on it grouped. `reportId`,
 * `reporterId`, `reason`, `note`, `evidence` and `createdAt` are the first report's (`evidence`: the text copied when
 * it was filed); an action on `reportId` applies to the item and closes all its open reports.
 */
export const ModerationReport = z.object({
  reportId: z.string(),
  kind: z.enum(REPORT_KINDS),
  targetId: z.string(),
  subjectUserId: z.string(),
  subjectName: z.string(),
  reporterId: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  evidence: z.string(),
  status: ReportStatus,
  /** Distinct people with an open report on the same content. */
  openReporters: z.number().int(),
  /** Open reports on this content (a person reporting twice counts twice here, once in openReporters). */
  reportCount: z.number().int(),
  /** How many open reports gave each reason, most first. */
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  /** Every non-empty note of the open reports, oldest first. */
  notes: z.array(z.string()),
  contentHidden: z.boolean(),
  subjectSuspended: z.boolean(),
  createdAt: z.string(),
});
export type ModerationReport = z.infer<typeof ModerationReport>;

export const ModerationQueue = z.object({ reports: z.array(ModerationReport) });
export type ModerationQueue = z.infer<typeof ModerationQueue>;

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
/** POST /api/moderation/reports/{reportId}/actions */
export const ModerationActionRequest = z.object({ action: z.enum(MODERATION_ACTIONS) }).strict();
export type ModerationActionRequest = z.infer<typeof ModerationActionRequest>;
export const ReportIdPath = z.object({ reportId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a report id.') });

export const ModerationActionResult = z.object({
  reportId: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  closedReports: z.number().int(),
});
export type ModerationActionResult = z.infer<typeof ModerationActionResult>;
