import { composeEmail, type ComposedEmail } from './email-message';
import type { OutboxLane } from './outbox';

/** Pure: the mail a support request becomes, and the outbox lane it waits in. */
export interface SupportMail extends ComposedEmail {
  lane: OutboxLane;
}

/**
 * Premium members' requests are marked and wait in the priority lane, which the outbox serves after the safety mail
 * and before everything else; free members' wait in the general lane.
 */
export function supportMail(input: {
  userId: string;
  email: string;
  premium: boolean;
  subject: string;
  message: string;
}): SupportMail {
  // One line: the member's subject becomes a mail header.
  const subject = input.subject.replace(/\s+/g, ' ');
  const composed = composeEmail({
    subject: `${input.premium ? '[Premium] ' : ''}Support: ${subject}`,
    paragraphs: [
      `From member ${input.userId} <${input.email}> (${input.premium ? 'Premium' : 'free plan'}).`,
      `Subject: ${subject}`,
      input.message,
    ],
    action: { label: 'Reply to the member', url: `mailto:${input.email}` },
  });
  return { ...composed, lane: input.premium ? 'priority' : 'general' };
}
