import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { OUTBOX_LANES, type OutboxLane } from '../../../functions/domain/outbox';
import { emailKeys } from '../../../functions/repositories/keys';
import { SUPPORT_REQUESTS_PER_HOUR, SupportReceipt } from '../../../functions/shared/schemas/support';
import type { StripeSimulator } from '../../../infra/local/simulators/stripe';
import { callRoute, userClaims } from '../../support/api-events';
import { newMember, startBillingWorld, subscribe } from '../billing/helpers';

let sim: StripeSimulator;

beforeAll(async () => {
  ({ sim } = await startBillingWorld());
  process.env.SUPPORT_EMAIL = 'help@trailbuddy.test';
});
afterAll(() => sim.stop());

const ask = (userId: string, body: object | undefined, headers: Record<string, string> = {}) =>
  callRoute('post-support', { claims: userClaims(userId), body, headers });

interface QueuedMail {
  lane: OutboxLane;
  to: string;
  subject: string;
  text: string;
  userIds: string[];
}

/** The outbox mail about this member, in every lane. */
async function mailAbout(userId: string): Promise<QueuedMail[]> {
  const found: QueuedMail[] = [];
  for (const lane of OUTBOX_LANES) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName('social'),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'contains(userIds, :user)',
        ExpressionAttributeValues: { ':pk': emailKeys.outboxDuePartition(lane), ':user': userId },
      }),
    );
    for (const item of page.Items ?? []) found.push({ lane, ...(item as Omit<QueuedMail, 'lane'>) });
  }
  return found;
}

describe('POST /api/support', () => {
  it("queues a Premium member's request, marked, on the priority lane that is served after safety mail", async () => {
    const member = newMember();
    await subscribe(sim, member);
    const answer = await ask(member, { subject: '  Cannot upload my ride ', message: ' The file stops at 50%. ' });
    expect(answer.status).toBe(202);
    expect(SupportReceipt.parse(answer.json)).toEqual({ received: true, priority: true });
    const [mail, ...more] = await mailAbout(member);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      lane: 'priority',
      to: 'help@trailbuddy.test',
      subject: '[Premium] Support: Cannot upload my ride',
    });
    expect(mail!.text).toContain(member);
    expect(mail!.text).toContain(`${member}@example.com`);
    expect(mail!.text).toContain('The file stops at 50%.');
    expect(OUTBOX_LANES.indexOf('safety')).toBeLessThan(OUTBOX_LANES.indexOf('priority'));
    expect(OUTBOX_LANES.indexOf('priority')).toBeLessThan(OUTBOX_LANES.indexOf('general'));
  });

  it("queues a free member's request unmarked on the ordinary lane", async () => {
    const member = newMember();
    const answer = await ask(member, { subject: 'Question', message: 'How do I find a partner?' });
    expect(answer.status).toBe(202);
    expect(answer.json).toEqual({ received: true, priority: false });
    const mail = await mailAbout(member);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ lane: 'general', subject: 'Support: Question' });
    expect(mail[0]!.text).toContain(`${member}@example.com`);
  });

  it.each([
    ['an empty subject', { subject: '   ', message: 'Hello' }],
    ['an empty message', { subject: 'Hello', message: '' }],
    ['a subject too long', { subject: 'x'.repeat(121), message: 'Hello' }],
    ['a message too long', { subject: 'Hello', message: 'x'.repeat(4001) }],
    ['an unknown field', { subject: 'Hello', message: 'Hello', userId: 'someone-else' }],
    ['no body', undefined],
  ])('refuses %s with 400 and queues nothing', async (_, body) => {
    const member = newMember();
    const answer = await ask(member, body);
    expect(answer.status).toBe(400);
    expect(await mailAbout(member)).toEqual([]);
  });

  it('queues one mail for a retried request (the same Idempotency-Key)', async () => {
    const member = newMember();
    const body = { subject: 'Twice?', message: 'The network dropped.' };
    const first = await ask(member, body, { 'idempotency-key': 'retry-key-1' });
    const retry = await ask(member, body, { 'idempotency-key': 'retry-key-1' });
    expect(first.status).toBe(202);
    expect(retry.status).toBe(202);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await mailAbout(member)).toHaveLength(1);
  });

  it("answers 429 past the hourly limit, and names only the sender, never touching another member's", async () => {
    const [ana, ben] = [newMember(), newMember()];
    for (let i = 1; i <= SUPPORT_REQUESTS_PER_HOUR; i++)
      expect((await ask(ana, { subject: `Question ${i}`, message: 'Hello' })).status).toBe(202);
    const refused = await ask(ana, { subject: 'One more', message: 'Hello' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    const anas = await mailAbout(ana);
    expect(anas).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
    for (const mail of anas) {
      expect(mail.userIds).toEqual([ana]);
      expect(mail.text).not.toContain(ben);
    }
    // Ben's allowance and mail are his own.
    expect(await mailAbout(ben)).toEqual([]);
    expect((await ask(ben, { subject: 'Mine', message: 'Hello' })).status).toBe(202);
    expect(await mailAbout(ben)).toHaveLength(1);
  });
});
