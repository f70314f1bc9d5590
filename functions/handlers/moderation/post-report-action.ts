import { httpRoute } from '../http-route';
import { ModerationActionRequest, ReportIdPath } from '../../shared/schemas/reports';
import { moderate } from '../../usecases/moderation';

/** POST /api/moderation/reports/{reportId}/actions — dismiss, hide the content or suspend the account. */
export const handler = httpRoute(
  { path: ReportIdPath, body: ModerationActionRequest },
  async ({ caller, path, body, now }) => moderate(caller.groups, path.reportId, body, now),
);
