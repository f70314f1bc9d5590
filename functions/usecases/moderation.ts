import { isModerator } from '../domain/moderation';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { disableAndSignOut } from '../adapters/cognito/user-directory';
import { putAccountSuspended } from '../repositories/account-tombstones';
import { displayNamesOf } from '../repositories/group-activities';
import {
  clearAutoHidden,
  closeReport,
  getReport,
  hiddenAmong,
  listOpenReports,
  reportIdsOfTarget,
  setHidden,
  setSuspended,
  suspendedAmong,
  type ReportRecord,
} from '../repositories/reports';
import type {
  ModerationActionRequest,
  ModerationActionResult,
  ModerationQueue,
  ModerationReport,
  ReportKind,
} from '../shared/schemas/reports';

const QUEUE_LIMIT = 100;

/** The moderator check: the `moderators` group in the caller's verified token, nothing the client sends. */
function requireModerator(groups: readonly string[]): void {
  if (!isModerator(groups)) throw new ForbiddenError('Only moderators can review reports.');
}

/** Open reports grouped per content item (kind + target), in the order each item was first reported. */
function groupByContent(reports: readonly ReportRecord[]): ReportRecord[][] {
  const groups = new Map<string, ReportRecord[]>();
  for (const report of reports) {
    const key = `${report.kind}#${report.targetId}`;
    groups.set(key, [...(groups.get(key) ?? []), report]);
  }
  return [...groups.values()];
}

function reasonCounts(group: readonly ReportRecord[]): ModerationReport['reasons'] {
  const counts = new Map<string, number>();
  for (const report of group) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return [...counts]
    .map(([reason, count]) => ({ reason: reason as ModerationReport['reason'], count }))
    .sort((a, b) => b.count - a.count);
}

/**
 * GET /api/moderation/reports — one row per reported content item, oldest first: its open reports counted, their
 * distinct reporters, reasons and notes, with the evidence copied when the first was filed.
 */
export async function moderationQueue(groups: readonly string[]): Promise<ModerationQueue> {
  requireModerator(groups);
  const grouped = groupByContent(await listOpenReports(QUEUE_LIMIT));
  const reports = grouped.map((group) => group[0]!);
  const names = await displayNamesOf(
    reports.map((report) => report.subjectUserId),
    'Deleted account',
  );
  const suspended = await suspendedAmong(reports.map((report) => report.subjectUserId));
  const hidden = new Set<string>();
  const openReporters = new Map<string, number>();
  for (const kind of new Set(reports.map((report) => report.kind))) {
    const ids = reports.filter((report) => report.kind === kind).map((report) => report.targetId);
    for (const id of await hiddenAmong(kind, ids)) hidden.add(`${kind}#${id}`);
  }
  for (const report of reports) {
    const key = `${report.kind}#${report.targetId}`;
    if (!openReporters.has(key)) openReporters.set(key, (await reportIdsOfTarget(report.kind, report.targetId)).length);
  }
  return {
    reports: grouped
      .map((group) => ({ report: group[0]!, group }))
      .map(({ report, group }): ModerationReport => ({
        reportId: report.reportId,
        kind: report.kind,
        targetId: report.targetId,
        subjectUserId: report.subjectUserId,
        subjectName: names.get(report.subjectUserId) ?? 'Deleted account',
        reporterId: report.reporterId,
        reason: report.reason as ModerationReport['reason'],
        note: report.note,
        evidence: report.evidence,
        status: report.status,
        openReporters: openReporters.get(`${report.kind}#${report.targetId}`) ?? 0,
        reportCount: group.length,
        reasons: reasonCounts(group),
        notes: group.map((r) => r.note).filter((note) => note.trim() !== ''),
        contentHidden: hidden.has(`${report.kind}#${report.targetId}`),
        subjectSuspended: suspended.has(report.subjectUserId),
        createdAt: report.createdAt,
      })),
  };
}

/** Closes every open report on the same content with one status. */
async function closeAllOnTarget(
  kind: ReportKind,
  targetId: string,
  status: ReportRecord['status'],
  now: Date,
): Promise<number> {
  let closed = 0;
  for (const reportId of await reportIdsOfTarget(kind, targetId)) {
    const report = await getReport(reportId);
    if (report?.status !== 'open') continue;
    await closeReport(report, status, now);
    closed++;
  }
  return closed;
}

/**
 * POST /api/moderation/reports/{reportId}/actions — dismiss (lifts a hide the reports caused), hide the content,
 * or suspend the reported account: the account-status item first, so every request with a token already issued is
 * refused from then on (functions/lib/http.ts), then Cognito disables sign-in and revokes every refresh token, and
 * lists leave the person out. Each step is idempotent, so a retry after a failure half-way completes it. Closes
 * every open report on that content.
 */
export async function moderate(
  groups: readonly string[],
  reportId: string,
  request: ModerationActionRequest,
  now: Date,
): Promise<ModerationActionResult> {
  requireModerator(groups);
  const report = await getReport(reportId);
  if (!report) throw new NotFoundError('No such report.');
  let status: ReportRecord['status'];
  switch (request.action) {
    case 'dismiss':
      status = 'dismissed';
      await clearAutoHidden(report.kind, report.targetId);
      break;
    case 'hide':
      status = 'hidden';
      await setHidden(report.kind, report.targetId, 'moderator', now);
      break;
    case 'suspend':
      status = 'suspended';
      await putAccountSuspended(report.subjectUserId, now);
      await disableAndSignOut(report.subjectUserId);
      await setSuspended(report.subjectUserId, now);
      break;
  }
  const closed = await closeAllOnTarget(report.kind, report.targetId, status, now);
  return { reportId, action: request.action, closedReports: closed };
}
