import { httpRoute } from '../http-route';
import { issueAppleIngestToken } from '../../usecases/apple-connect';
import { appleDeps } from '../../usecases/apple-deps';

/** POST /api/apple/ingest-token — connect Apple Health and get a new ingest token (shown once) and the Shortcut URL. */
export const handler = httpRoute({}, async ({ caller, now }) => issueAppleIngestToken(caller.userId, now, appleDeps()));
