/**
 * Pure moderation rules: who is a moderator, how a report names its target, when reports hide content.
 * No I/O; time comes in as an argument.
 */
import { AUTO_HIDE_REPORTERS, type ReportRequest } from '../shared/schemas/reports';

export const MODERATORS_GROUP = 'moderators';

export const isModerator = (groups: readonly string[]): boolean => groups.includes(MODERATORS_GROUP);

/** The one id a report's target is keyed by (a ride is only unique within its activity). */
export function reportTargetId(request: ReportRequest): string {
  switch (request.kind) {
    case 'person':
      return request.userId;
    case 'message':
      return request.messageId;
    case 'group_activity':
      return request.activityId;
    case 'ride':
      return `${request.activityId}:${request.rideId}`;
    case 'ride_request':
      return `${request.activityId}:${request.requestId}`;
  }
}

export const shouldAutoHide = (distinctOpenReporters: number): boolean => distinctOpenReporters >= AUTO_HIDE_REPORTERS;

/** Start of the hour `now` falls in (the report rate-limit window). */
export const reportWindowStart = (now: Date): Date => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
