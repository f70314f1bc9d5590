import { httpRoute } from '../http-route';
import { ReportRequest } from '../../shared/schemas/reports';
import { fileReport } from '../../usecases/reports';

/** POST /api/reports — report a person, a message, a group activity or a ride. */
export const handler = httpRoute(
  { body: ReportRequest, successStatus: 201, idempotent: 'with-work' },
  async ({ caller, body, now, idempotency }) => fileReport(caller.userId, body, now, idempotency),
);
