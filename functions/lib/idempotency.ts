import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { BadRequestError, UnprocessableError } from './errors';

/**
 * `Idempotency-Key` on creating routes, after the IETF draft "The Idempotency-Key HTTP Header Field"
 * (draft-ietf-httpapi-idempotency-key-header, read 2026-11-28): the client sends a unique key per request it means
 * once; a retry with the same key and the same request gets the first answer; the same key with another request is a
 * 422. Keys are scoped to the caller and the route. Stripe's limits are followed where the draft leaves them open: at
 * most 255 characters, kept 24 hours.
 *
 * Why not Powertools' idempotency utility: it writes its record before the handler and deletes it when the handler
 * throws, so a request that committed its work and then failed (the reviewer's stalled database: plan filed, contacts
 * mailed, 500 answered) is done again on the retry. Here the use case commits the record in the same transaction as
 * its work, and a retry finds it whatever the first request answered.
 */
/** A caller's claim on one request's key, for one route. */
export interface IdempotencyClaim {
  userId: string;
  routeId: string;
  key: string;
  /** SHA-256 of what the request asked (path and body): the same key with another request is refused. */
  fingerprint: string;
}

export interface IdempotencyRecord {
  fingerprint: string;
  body: unknown;
}

/** Where the answers are kept (functions/repositories/idempotency-records.ts, wired in by the handler factory). */
export interface IdempotencyStore {
  get(claim: IdempotencyClaim, now: Date): Promise<IdempotencyRecord | null>;
  put(claim: IdempotencyClaim, body: unknown, now: Date): Promise<void>;
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;
/** Visible ASCII only: the key becomes part of a DynamoDB sort key and of log-free error messages. */
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** The caller's claim on this request's key, or null when the request sent none (the route then works as before). */
export function idempotencyClaimOf(
  event: Pick<APIGatewayProxyEventV2, 'routeKey' | 'pathParameters'>,
  lowerCaseHeaders: Readonly<Record<string, string | undefined>>,
  userId: string,
  rawBody: string,
): IdempotencyClaim | null {
  const sent = lowerCaseHeaders[IDEMPOTENCY_KEY_HEADER];
  if (sent === undefined) return null;
  // The draft sends the key as a structured-field string ("…"); a bare token is accepted too.
  const key = sent.trim().replace(/^"(.*)"$/, '$1');
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key))
    throw new BadRequestError(
      `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters (a UUID is a good choice).`,
      undefined,
      'invalid_idempotency_key',
    );
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ path: event.pathParameters ?? {}, body: rawBody }))
    .digest('base64url');
  return { userId, routeId: event.routeKey, key, fingerprint };
}

/** The first answer to this claim's key, or null; the same key sent with another request is refused. */
export async function replayOf(
  store: IdempotencyStore,
  claim: IdempotencyClaim,
  now: Date,
): Promise<IdempotencyRecord | null> {
  const record = await store.get(claim, now);
  if (record && record.fingerprint !== claim.fingerprint)
    throw new UnprocessableError(
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
      'idempotency_key_reused',
    );
  return record;
}
