import {
  ModerationActionResult,
  ModerationQueue,
  ReportReceipt,
  type ModerationActionRequest,
  type ReportRequest,
} from '@shared/schemas/reports';
import type { ApiTransport } from '@/lib/api/transport';

/** Reporting people and content, and the moderators' queue. */
export interface ModerationApi {
  /** Files a report; the receipt says what happens next. 429 after too many reports in an hour. */
  report(request: ReportRequest): Promise<ReportReceipt>;
  /** The moderators' queue (403 for anyone outside the `moderators` group). */
  moderationReports(): Promise<ModerationQueue>;
  moderationAction(reportId: string, action: ModerationActionRequest['action']): Promise<ModerationActionResult>;
}

export function createModerationHttpApi({ request }: ApiTransport): ModerationApi {
  return {
    report: (body) => request('/reports', ReportReceipt, { auth: true, method: 'POST', body }),
    moderationReports: () => request('/moderation/reports', ModerationQueue, { auth: true }),
    moderationAction: (reportId, action) =>
      request(`/moderation/reports/${encodeURIComponent(reportId)}/actions`, ModerationActionResult, {
        auth: true,
        method: 'POST',
        body: { action },
      }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends ModerationApi {}
}
