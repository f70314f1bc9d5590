import { timingSafeEqual } from 'node:crypto';
import { optionalEnv } from './config';
import { ForbiddenError } from './errors';

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * In AWS, CloudFront adds ORIGIN_VERIFY_TOKEN to every /api/* request (infra/constructs/origin-verify.ts): a request
 * without it reached the HTTP API's execute-api URL directly, past the WAF's per-IP limits, and is refused. Unset
 * (locally, where the local host applies the same limits in front of the API), nothing is checked.
 */
export function refuseUnlessThroughCloudFront(headers: Readonly<Record<string, string | undefined>>): void {
  const expected = optionalEnv('ORIGIN_VERIFY_TOKEN');
  if (!expected) return;
  const sent = Buffer.from(headers[ORIGIN_VERIFY_HEADER] ?? '');
  const wanted = Buffer.from(expected);
  if (sent.length !== wanted.length || !timingSafeEqual(sent, wanted))
    throw new ForbiddenError('Call the TrailBuddy API through the TrailBuddy site.', 'forbidden');
}
