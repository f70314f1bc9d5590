import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { dynamo } from '../../../functions/lib/dynamo';
import { enqueueEmail, type OutboxMessage } from '../../../functions/repositories/email';
import { sendDueEmails } from '../../../functions/usecases/email';
import { useOwnTables } from '../../support/own-tables';

// A run sends everything due in its table: on the shared tables it would send other files' mail.
useOwnTables();

const NOW = new Date('2026-11-20T18:00:00Z');
const MIDDLEWARE = 'testLoseFirstClaimAnswer';
afterEach(() => dynamo().middlewareStack.remove(MIDDLEWARE));

/**
 * The first answer to a claim never arrives, as when DynamoDB Local or the network drops a connection: the update
 * is applied, the client sees an error it retries, and the retry meets the condition its own first attempt changed.
 */
function loseTheFirstClaimAnswer(): { lost: number } {
  const state = { lost: 0 };
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = (args as { input: { ConditionExpression?: string } }).input;
      const result = await next(args);
      if (
        context.commandName === 'UpdateItemCommand' &&
        input.ConditionExpression === 'gsi1sk = :seen' &&
        !state.lost
      ) {
        state.lost += 1;
        throw Object.assign(new Error('Injected: socket hang up after the write was applied'), {
          name: 'TimeoutError',
          $metadata: {},
        });
      }
      return result;
    },
    { step: 'finalizeRequest', priority: 'low', name: MIDDLEWARE },
  );
  return state;
}

describe('claiming outbox mail', () => {
  it('sends a message whose claim was applied but whose answer was lost, once, in the same run', async () => {
    const message: OutboxMessage = {
      id: `m-${randomBytes(6).toString('hex')}`,
      to: 'casey@example.org',
      subject: 'Overdue',
      text: 'Overdue',
      html: '<p>Overdue</p>',
      category: null,
      lane: 'alert',
      userIds: ['hiker'],
    };
    await enqueueEmail(message, new Date(NOW.getTime() - 60_000));
    const injected = loseTheFirstClaimAnswer();
    const sent: string[] = [];

    const report = await sendDueEmails(NOW, {
      send: async (email) => void sent.push(email.to),
      quota: async () => ({ maxSendRate: 10, max24HourSend: -1, sentLast24Hours: 0 }),
      pause: async () => {},
    });

    expect(injected.lost).toBe(1);
    expect(sent).toEqual(['casey@example.org']);
    expect(report.sent).toBe(1);
    // Nothing is left to send twice.
    const again: string[] = [];
    await sendDueEmails(new Date(NOW.getTime() + 86_400_000), {
      send: async (email) => void again.push(email.to),
      quota: async () => ({ maxSendRate: 10, max24HourSend: -1, sentLast24Hours: 0 }),
      pause: async () => {},
    });
    expect(again).toEqual([]);
  });
});
