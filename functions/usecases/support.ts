import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { optionalEnv } from '../lib/config';
import { TooManyRequestsError } from '../lib/errors';
import type { IdempotencyClaim } from '../lib/idempotency';
import { supportMail } from '../domain/support';
import { queueSupportMail, takeSupportAllowance } from '../repositories/support';
import { SUPPORT_REQUESTS_PER_HOUR, type SupportReceipt, type SupportRequest } from '../shared/schemas/support';
import { getPlan } from './billing-plan';

const DEFAULT_SUPPORT_EMAIL = 'support@trailbuddy.local';
const HOUR_MS = 3_600_000;

/**
 * POST /api/support: one mail to the support address through the outbox, naming the member so support can answer.
 * A Premium member's is marked and goes on the priority lane. Under an `Idempotency-Key` the mail's id follows the
 * key, and the answer is kept with the mail, so a retry queues nothing more.
 */
export async function requestSupport(
  member: { userId: string; email: string },
  request: SupportRequest,
  now: Date,
  idempotency: IdempotencyClaim | null = null,
): Promise<SupportReceipt> {
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  if (!(await takeSupportAllowance(member.userId, hourStart, SUPPORT_REQUESTS_PER_HOUR))) {
    throw new TooManyRequestsError(
      `You can send up to ${SUPPORT_REQUESTS_PER_HOUR} support requests an hour. Please try again later.`,
      Math.ceil((hourStart.getTime() + HOUR_MS - now.getTime()) / 1000),
    );
  }
  const premium = (await getPlan(member.userId, now)).plan === 'premium';
  const mail = supportMail({ ...member, premium, ...request });
  const receipt: SupportReceipt = { received: true, priority: premium };
  await queueSupportMail(
    {
      id: idempotency ? `support-${keyDigest(idempotency)}` : `support-${ulid(now.getTime())}`,
      to: optionalEnv('SUPPORT_EMAIL') ?? DEFAULT_SUPPORT_EMAIL,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // Not optional mail: it goes to the support team, whose choices are not a member's.
      category: null,
      userIds: [member.userId],
      lane: mail.lane,
    },
    now,
    idempotency ? { claim: idempotency, answer: receipt } : null,
  );
  return receipt;
}

const keyDigest = (claim: IdempotencyClaim) =>
  createHash('sha256').update(`${claim.userId}\n${claim.key}`).digest('hex').slice(0, 32);
