import { ulid } from 'ulid';
import { idempotencyRecordPut, type IdempotencyClaim } from '../repositories/idempotency-records';
import { reportTargetId, reportWindowStart, shouldAutoHide } from '../domain/moderation';
import { BadRequestError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { getGroupActivity } from '../repositories/group-activities';
import {
  getConversationMessage,
  markReporter,
  openReportBy,
  putReport,
  setHidden,
  takeReportAllowance,
  type ReportRecord,
} from '../repositories/reports';
import { listActivityRides } from '../repositories/rides';
import { getUserProfile } from '../repositories/user-profiles';
import { REPORT_NEXT_STEPS, REPORTS_PER_HOUR, type ReportReceipt, type ReportRequest } from '../shared/schemas/reports';

/** Who the report is about and a text copy of what was reported (kept in the report as evidence). */
interface ReportedContent {
  subjectUserId: string;
  evidence: string;
}

const NOT_FOUND = 'There is nothing to report here (it may have been removed).';
const lines = (...parts: (string | undefined | null)[]) =>
  parts.filter((part) => part && part.trim() !== '').join('\n');

async function reportedContent(reporterId: string, request: ReportRequest): Promise<ReportedContent> {
  switch (request.kind) {
    case 'person': {
      if (request.userId === reporterId)
        throw new BadRequestError('You cannot report yourself.', undefined, 'cannot_report_self');
      const profile = await getUserProfile(request.userId);
      if (!profile) throw new NotFoundError(NOT_FOUND);
      return {
        subjectUserId: request.userId,
        evidence: lines(
          `Name: ${profile.settings.displayName ?? '(no name)'}`,
          profile.settings.bio ? `Bio: ${profile.settings.bio}` : null,
        ),
      };
    }
    case 'message': {
      // Only a message the reporter received: the conversation is theirs, the sender the other person.
      const message = await getConversationMessage(reporterId, request.userId, request.messageId);
      if (!message || message.senderId !== request.userId) throw new NotFoundError(NOT_FOUND);
      return { subjectUserId: message.senderId, evidence: message.text };
    }
    case 'group_activity': {
      const activity = await getGroupActivity(request.activityId);
      if (!activity) throw new NotFoundError(NOT_FOUND);
      if (activity.organizerId === reporterId)
        throw new BadRequestError('You cannot report your own activity.', undefined, 'cannot_report_self');
      return {
        subjectUserId: activity.organizerId,
        evidence: lines(
          `Title: ${activity.title}`,
          activity.description,
          activity.notes ? `Notes: ${activity.notes}` : null,
        ),
      };
    }
    case 'ride': {
      const ride = (await listActivityRides(request.activityId)).offers.find((offer) => offer.id === request.rideId);
      if (!ride) throw new NotFoundError(NOT_FOUND);
      if (ride.driverId === reporterId)
        throw new BadRequestError('You cannot report your own ride.', undefined, 'cannot_report_self');
      return {
        subjectUserId: ride.driverId,
        evidence: lines(`Ride departing ${ride.departureTime}`, ride.notes ? `Notes: ${ride.notes}` : null),
      };
    }
    case 'ride_request': {
      const asked = (await listActivityRides(request.activityId)).requests.find((r) => r.id === request.requestId);
      if (!asked) throw new NotFoundError(NOT_FOUND);
      if (asked.requesterId === reporterId)
        throw new BadRequestError('You cannot report your own ride request.', undefined, 'cannot_report_self');
      return {
        subjectUserId: asked.requesterId,
        evidence: lines(`Ride request, pickup: ${asked.preferredPickup}`, asked.notes ? `Notes: ${asked.notes}` : null),
      };
    }
  }
}

/**
 * POST /api/reports: files a report with a copy of the content, counts it toward the hourly limit, and hides the
 * content once reports from AUTO_HIDE_REPORTERS distinct people are open. The reporter learns only what happens next.
 */
export async function fileReport(
  reporterId: string,
  request: ReportRequest,
  now: Date,
  idempotency: IdempotencyClaim | null = null,
): Promise<ReportReceipt> {
  const content = await reportedContent(reporterId, request);
  // The same person reporting the same thing again: one open report, one voice toward hiding it.
  const already = await openReportBy(request.kind, reportTargetId(request), reporterId);
  if (already) return { reportId: already, status: 'received', nextSteps: REPORT_NEXT_STEPS };
  if (!(await takeReportAllowance(reporterId, reportWindowStart(now), REPORTS_PER_HOUR))) {
    const retryAfter = Math.ceil((reportWindowStart(now).getTime() + 3_600_000 - now.getTime()) / 1000);
    throw new TooManyRequestsError(
      `You can send up to ${REPORTS_PER_HOUR} reports an hour. Please try again later.`,
      retryAfter,
    );
  }
  const report: ReportRecord = {
    reportId: ulid(now.getTime()),
    kind: request.kind,
    targetId: reportTargetId(request),
    subjectUserId: content.subjectUserId,
    reporterId,
    reason: request.reason,
    note: request.note ?? '',
    evidence: content.evidence,
    status: 'open',
    createdAt: now.toISOString(),
    closedAt: null,
  };
  const receipt: ReportReceipt = { reportId: report.reportId, status: 'received', nextSteps: REPORT_NEXT_STEPS };
  await putReport(report, idempotency ? idempotencyRecordPut(idempotency, receipt, now) : undefined);
  const reporters = await markReporter(report.kind, report.targetId, reporterId, report.reportId);
  if (shouldAutoHide(reporters)) await setHidden(report.kind, report.targetId, 'reports', now);
  return receipt;
}
