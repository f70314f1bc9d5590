import { httpRoute } from '../http-route';
import { APPLE_INGEST_MAX_BYTES, AppleIngestRequest } from '../../shared/schemas/apple';
import { appleDeps } from '../../usecases/apple-deps';
import { ingestAppleHealth } from '../../usecases/apple-ingest';

/** POST /api/apple/ingest — public: the iOS Shortcut posts `{ health_data }` (Health Auto Export `{ data }`) with `Authorization: Bearer <ingest token>`. */
export const handler = httpRoute(
  { body: AppleIngestRequest, maxBodyBytes: APPLE_INGEST_MAX_BYTES },
  async ({ headers, body, now }) => ingestAppleHealth({ authorization: headers.authorization, body }, now, appleDeps()),
);
